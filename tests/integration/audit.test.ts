import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { parseGtfsCsv } from '@feeddesk/server/schedule/test-support/make-feed';
import { changedSampleFiles, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

type Entry = {
  id: string;
  at: string;
  by: string | null;
  kind: string;
  action: string;
  entityId: string;
  summary: string;
};

/**
 * Each kind of change leaves one record, in the same transaction, on three days:
 * Monday the users, Tuesday a schedule and a disruption, Wednesday a wrong schedule rolled back.
 */
const MONDAY = new Date('2025-09-22T08:00:00Z');
const TUESDAY = new Date('2025-09-23T04:00:00Z');
const WEDNESDAY = new Date('2025-09-24T04:00:00Z');

describe('audit trail', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let planner: HttpClient;
  let disruptionId: string;
  const audit = async (query: string, client = admin) => {
    const res = await client.get(`/audit/entries${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { total: number; entries: Entry[] };
  };
  const actions = (entries: Entry[]) =>
    entries.map((e) => `${e.by ?? '-'} ${e.kind} ${e.action} ${e.entityId}`);
  const load = (files: Record<string, string>, name: string) =>
    storeScheduleVersion(t.deps, {
      feed: sampleFeed(files),
      sourceKind: 'zip',
      sourceName: name,
      uploadedBy: 'planner',
      jobId: null,
    });

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['edit'], 'controller');
    planner = await t.clientWithRoles(['gtfs'], 'planner');

    t.clock.now = MONDAY;
    expect(
      (
        await admin.postForm('/auth/add_user', {
          username: 'ops',
          password: 'ops-password-1',
          roles: ['view'],
        })
      ).status,
    ).toBe(200);
    const users = (await (await admin.get('/auth/list_users')).json()) as {
      user_id: number;
      username: string;
    }[];
    const ops = users.find((u) => u.username === 'ops')!;
    const modified = await admin.putForm('/auth/modify_user', {
      user_id: String(ops.user_id),
      username: 'ops-desk',
      password: 'ops-password-2',
      roles: ['view', 'edit'],
    });
    expect(modified.status).toBe(200);
    // Refused changes leave no record: the last admin stays, and so does a nameless user.
    expect((await admin.delete(`/auth/delete_user/${ADMIN.username}`)).status).toBe(409);
    expect((await admin.delete('/auth/delete_user/ops-desk')).status).toBe(200);

    t.clock.now = TUESDAY;
    await load({}, 'timetable.zip');
    const post = (body: object) =>
      controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const cancel = { select: { tripIds: ['WD-0123'] }, action: { type: 'cancel' }, reason: 'Cable theft' };
    expect((await post({ ...cancel, dryRun: true })).status).toBe(200);
    const applied = await post(cancel);
    expect(applied.status).toBe(200);
    disruptionId = (await applied.json()).id;
    expect((await controller.fetch(`/feed/disruptions/${disruptionId}`, { method: 'DELETE' })).status).toBe(
      200,
    );

    t.clock.now = WEDNESDAY;
    const wrong = await load(changedSampleFiles, 'wrong-timetable.zip');
    expect(
      (await planner.fetch(`/gtfs/versions/${wrong.versionId - 1}/rollback`, { method: 'POST' })).status,
    ).toBe(200);
  });
  afterAll(() => t?.close());

  it('records every change to users, disruptions and schedule versions, with the feed saves, newest first', async () => {
    const { entries, total } = await audit('');
    expect(total).toBe(entries.length);
    // The first admin and the test's own users were made by the product (by: null), on today's date.
    expect(actions(entries.filter((e) => e.by === null))).toEqual([
      '- user create planner',
      '- user create controller',
      '- user create admin',
    ]);
    expect(actions(entries.filter((e) => e.by !== null))).toEqual([
      'planner schedule_version rollback 1',
      'planner schedule_version upload 2',
      // Changes made at one instant: the feed saves first, then the act that made them.
      'controller trip_update delete WD-0123-20250923',
      'controller trip_update save WD-0123-20250923',
      `controller disruption lift ${disruptionId}`,
      `controller disruption apply ${disruptionId}`,
      'planner schedule_version upload 1',
      'admin user delete ops-desk',
      'admin user reset_password ops-desk',
      'admin user update_roles ops-desk',
      'admin user rename ops-desk',
      'admin user create ops',
    ]);
    const byAction = new Map(entries.map((e) => [`${e.kind} ${e.action}`, e]));
    expect(byAction.get('user update_roles')!.summary).toBe('Roles of ops-desk: view → edit, view.');
    expect(byAction.get('disruption apply')!.summary).toBe(
      'Applied cancel to 1 trips on 20250923: Cable theft',
    );
    expect(byAction.get('schedule_version rollback')!).toMatchObject({
      at: WEDNESDAY.toISOString(),
      summary: 'Rolled back to schedule version 1 (timetable.zip), replacing version 2.',
    });
    // Trains by the number riders know (WD-0123 is train 123), after the lift deleted the update too.
    expect(byAction.get('trip_update save')!.summary).toBe('Saved trip update WD-0123-20250923 (train 123).');
    expect(byAction.get('trip_update delete')!.summary).toBe(
      'Deleted trip update WD-0123-20250923 (train 123).',
    );
  });

  it('filters by who, kind, entity id and period, and pages with a total', async () => {
    expect(actions((await audit('?by=CONTROL')).entries)).toHaveLength(4);
    expect(actions((await audit('?kind=user&by=admin')).entries)).toEqual([
      'admin user delete ops-desk',
      'admin user reset_password ops-desk',
      'admin user update_roles ops-desk',
      'admin user rename ops-desk',
      'admin user create ops',
    ]);
    expect(actions((await audit('?entity=wd-0123')).entries)).toEqual([
      'controller trip_update delete WD-0123-20250923',
      'controller trip_update save WD-0123-20250923',
    ]);
    const tuesday = await audit(
      `?from=${encodeURIComponent('2025-09-23T00:00:00Z')}&to=${encodeURIComponent('2025-09-24T00:00:00Z')}`,
    );
    expect(tuesday.total).toBe(5);
    expect(tuesday.entries.every((e) => e.at.startsWith('2025-09-23'))).toBe(true);
    const page1 = await audit('?kind=user&by=admin&limit=2');
    const page3 = await audit('?kind=user&by=admin&limit=2&offset=4');
    expect(page1.total).toBe(5);
    expect(actions(page1.entries)).toEqual([
      'admin user delete ops-desk',
      'admin user reset_password ops-desk',
    ]);
    expect(actions(page3.entries)).toEqual(['admin user create ops']);
    expect((await audit('?entity=100%25')).entries).toEqual([]);
    expect((await admin.get('/audit/entries?kind=nonsense')).status).toBe(400);
  });

  it('exports the filtered trail as CSV, the same rows as the list', async () => {
    const res = await admin.get('/audit/export?kind=disruption');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit.csv"');
    // The server's own CSV reader (csv-parse), as a spreadsheet would read it.
    const { header, rows } = parseGtfsCsv('audit.csv', await res.text());
    expect(header).toEqual(['at', 'by', 'kind', 'action', 'entity_id', 'summary']);
    expect(rows).toEqual([
      [
        TUESDAY.toISOString(),
        'controller',
        'disruption',
        'lift',
        disruptionId,
        'Lifted the disruption "Cable theft".',
      ],
      [
        TUESDAY.toISOString(),
        'controller',
        'disruption',
        'apply',
        disruptionId,
        'Applied cancel to 1 trips on 20250923: Cable theft',
      ],
    ]);
  });

  it('answers tRPC audit.list the same, for administrators only', async () => {
    const trpc = await admin.trpc('query', 'audit.list', { kind: 'schedule_version', limit: 10 });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.entries.map((e: Entry) => e.action)).toEqual([
      'rollback',
      'upload',
      'upload',
    ]);
    expect((await controller.trpc('query', 'audit.list', {})).status).toBe(403);
    expect((await planner.get('/audit/entries')).status).toBe(403);
    expect((await planner.get('/audit/export')).status).toBe(403);
  });

  it("names a deleted trip update's train by its number, after its history is erased too", async () => {
    const id = 'tu-1234-gone';
    const saved = await postEntity(controller, '/feed/trip_update', {
      id,
      tripUpdate: {
        trip: { tripId: 'WD-1234', startDate: '20250924' },
        stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 120 } }],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const deleted = await controller.fetch('/feed/updates/delete_feed_entity', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity_id: id, deleteFromLog: true }),
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    // The update is gone and its content erased: every line still says train 1234, not WD-1234.
    expect((await audit(`?entity=${id}`)).entries.map((e) => `${e.action}: ${e.summary}`)).toEqual([
      // One instant (the test's clock): the feed's line first, as for the lift above.
      `save: Saved trip update ${id} (train 1234).`,
      `delete_from_log: Deleted trip update ${id} (train 1234) and erased its history (1 entry).`,
    ]);
    const csv = await (await admin.get(`/audit/export?entity=${id}`)).text();
    expect(csv).toContain(`Saved trip update ${id} (train 1234).`);
  });
});
