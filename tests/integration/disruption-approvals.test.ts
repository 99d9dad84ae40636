import { writeGtfsZip } from '@feeddesk/server/gtfs/index';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  eventually,
  pendingList,
  postAlert,
  reject,
  routeAlert,
  servedHeader,
  setApproval,
} from '../support/approvals.ts';
import { getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Applied = {
  id: string | null;
  alertId: string | null;
  alertState?: string;
  pendingId?: string;
  publishAt?: string;
  state?: string;
  versionId?: number | null;
};
type Audit = { entries: { by: string | null; action: string; entityId: string; summary: string }[] };

/**
 * A disruption's alert under two-person approval and with a publication time (docs/contract-notes.md
 * "Two-person approval and publication times"): the trains (or the schedule) change at once, the
 * alert waits. The sample line (Africa/Johannesburg) on Wednesday 1 October 2025 at 05:00 there:
 * WD-0123 EER 06:00 → CPT 07:00, WD-1234 EER 08:00 → CPT 09:00, WD-9001 23:50 → 00:35; WE-2300 runs
 * on Saturday 4 October, WD-2300 (04:55) on Thursday 2 October.
 */
const NOW = new Date('2025-10-01T03:00:00Z');
const TODAY = '20251001';

/** The sample line without its deliberately bad route colour (validation would refuse the upload). */
const timetable = () =>
  writeGtfsZip(
    sampleFeed({
      'routes.txt': [
        'route_id,agency_id,route_short_name,route_long_name,route_type,route_color',
        'NTH,MR,N,Northern Line,2,FF0000',
        'STH,MR,S,Southern Line,2,00AA00',
        'CTL,MR,C,Central Line,2,',
      ].join('\n'),
    }),
  );

describe("a disruption's alert waits for approval or its time; its trains do not", () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let planner: HttpClient;
  let approver: HttpClient;
  let viewer: HttpClient;
  let flooder: HttpClient;

  const post = (client: HttpClient, body: Record<string, unknown>) =>
    client.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const applied = async (client: HttpClient, body: Record<string, unknown>): Promise<Applied> => {
    const res = await post(client, body);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as Applied;
  };
  const lift = (client: HttpClient, id: string) =>
    client.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' });
  const updates = async () => (await getFeed(t.client(), '/feed/updates')).entity.map((e) => e.id);
  const audit = async (entity: string) =>
    ((await (await admin.get(`/audit/entries?entity=${entity}&limit=50`)).json()) as Audit).entries;
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now!.getTime() + seconds * 1000);
  };
  const nowSecs = () => Math.floor(t.clock.now!.getTime() / 1000);
  const cancel = (tripId: string, reason: string, more: Record<string, unknown> = {}) => ({
    serviceDate: TODAY,
    select: { tripIds: [tripId] },
    action: { type: 'cancel' },
    reason,
    alert: true,
    ...more,
  });
  const plannedCancel = (serviceDate: string, tripId: string, reason: string) => ({
    ...cancel(tripId, reason),
    serviceDate,
    publishAs: 'schedule',
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLISH_AT_CHECK_MS: '200', PENDING_ITEMS_PER_PRINCIPAL: '2' } });
    planner = await t.clientWithRoles(['edit', 'gtfs'], 'planner');
    admin = await t.clientWithRoles(['admin', 'view'], 'boss');
    controller = await t.clientWithRoles(['edit'], 'controller');
    approver = await t.clientWithRoles(['view', 'approve'], 'approver');
    viewer = await t.clientWithRoles(['view'], 'viewer');
    flooder = await t.clientWithRoles(['edit'], 'flooder');
    // Sessions are made at the real time (their cookies expire by it); the product's clock after.
    t.clock.now = NOW;
    const upload = await uploadSchedule(planner, timetable(), 'timetable.zip');
    expect(upload.final, JSON.stringify(upload.messages)).toMatchObject({ status: 'done' });
  }, 60_000);
  afterAll(() => t?.close());

  it('applies a controller’s realtime disruption at once and holds its alert until another approves it', async () => {
    await setApproval(admin, 'alerts');
    const body = await applied(controller, cancel('WD-1234', 'Signal fault'));
    expect(body).toMatchObject({ alertState: 'pending' });
    expect(body.id).toEqual(expect.any(String));
    expect(body.alertId).toBe(`disruption-${body.id}`);
    // Riders see the cancelled train now; the alert only once a colleague approves it.
    expect(await eventually(async () => (await updates()).includes(`WD-1234-${TODAY}`))).toBe(true);
    expect(await servedHeader(t.client(), body.alertId!)).toBeUndefined();
    const listed = async () =>
      (
        (await (await controller.get('/feed/disruptions')).json()) as { id: string; alertWaiting: unknown }[]
      ).find((d) => d.id === body.id)!.alertWaiting;
    expect(await listed()).toBe('pending');
    const item = (await pendingList(approver)).find((p) => p.id === body.pendingId)!;
    expect(item).toMatchObject({ entityId: body.alertId, state: 'pending', createdBy: 'controller' });
    const story = await audit(body.alertId!);
    expect(story.find((e) => e.action === 'save_pending')).toMatchObject({ by: 'controller' });
    expect(story.find((e) => e.action === 'save_pending')!.summary).toMatch(
      /of the disruption "Signal fault" by controller \(its 1 trains changed now\), pending approval/,
    );

    // Neither its author nor a viewer decides it; the author given approve still not their own.
    expect((await approve(controller, item.id)).status).toBe(403);
    expect((await approve(viewer, item.id)).status).toBe(403);
    expect((await reject(viewer, item.id, 'no')).status).toBe(403);
    await t.deps.db.execute(
      sql`insert into user_roles (user_id, role) select id, 'approve' from users where username = 'controller'`,
    );
    const own = await approve(controller, item.id);
    expect(own.status).toBe(403);
    expect((await own.json()).description).toMatch(/another user with the approve role/);
    await t.deps.db.execute(
      sql`delete from user_roles where role = 'approve' and user_id = (select id from users where username = 'controller')`,
    );
    expect(await servedHeader(t.client(), body.alertId!)).toBeUndefined();

    const done = await approve(approver, item.id);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await eventually(async () => (await servedHeader(t.client(), body.alertId!)) !== undefined)).toBe(
      true,
    );
    expect((await audit(body.alertId!)).map((e) => `${e.action} ${e.by}`)).toEqual(
      expect.arrayContaining(['save_pending controller', 'approve approver']),
    );
    expect(await listed()).toBeNull();
  });

  it('withdraws the pending alert when the disruption is lifted: nobody approves it afterwards', async () => {
    const body = await applied(controller, cancel('WD-0123', 'Points failure'));
    expect(body.alertState).toBe('pending');
    expect((await lift(controller, body.id!)).status).toBe(200);
    const item = (await pendingList(approver)).find((p) => p.id === body.pendingId)!;
    expect(item).toMatchObject({ state: 'withdrawn', decidedBy: 'controller' });
    expect(item.reason).toMatch(/its disruption "Points failure" was lifted/);
    const late = await approve(approver, body.pendingId!);
    expect(late.status).toBe(409);
    expect((await late.json()).description).toMatch(/withdrawn already/);
    await new Promise((r) => setTimeout(r, 300));
    expect(await servedHeader(t.client(), body.alertId!)).toBeUndefined();
    expect((await audit(body.alertId!)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['save_pending', 'withdraw']),
    );
  });

  it('makes a planner’s planned works version at once and holds their alert; approved or rejected', async () => {
    const saturday = await applied(planner, plannedCancel('20251004', 'WE-2300', 'Track renewal'));
    expect(saturday).toMatchObject({ alertState: 'pending', versionId: expect.any(Number) });
    expect(await servedHeader(t.client(), saturday.alertId!)).toBeUndefined();
    const refused = await approve(planner, saturday.pendingId!);
    expect(refused.status).toBe(403);
    const approved = await approve(approver, saturday.pendingId!);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(
      await eventually(async () => (await servedHeader(t.client(), saturday.alertId!)) !== undefined),
    ).toBe(true);

    const thursday = await applied(planner, plannedCancel('20251002', 'WD-2300', 'Bridge inspection'));
    expect(thursday.alertState).toBe('pending');
    expect((await reject(approver, thursday.pendingId!, 'Say which bridge.')).status).toBe(200);
    expect((await pendingList(planner)).find((p) => p.id === thursday.pendingId)).toMatchObject({
      state: 'rejected',
      reason: 'Say which bridge.',
    });
    expect(await servedHeader(t.client(), thursday.alertId!)).toBeUndefined();
  });

  it('withdraws the pending alert of planned works lifted before it is approved', async () => {
    const works = await applied(planner, plannedCancel('20251002', 'WD-0123', 'Overhead line works'));
    expect(works.alertState).toBe('pending');
    const res = await lift(planner, works.id!);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await pendingList(approver)).find((p) => p.id === works.pendingId)).toMatchObject({
      state: 'withdrawn',
    });
    expect((await approve(approver, works.pendingId!)).status).toBe(409);
    expect(await servedHeader(t.client(), works.alertId!)).toBeUndefined();
  });

  it('refuses a publishAt without an alert, or too far ahead, saying what to fix', async () => {
    const none = await post(
      controller,
      cancel('WD-9001', 'Late', { alert: false, publishAt: nowSecs() + 60 }),
    );
    expect(none.status).toBe(400);
    expect((await none.json()).description).toMatch(
      /ask for an alert \(alert: true\), or leave publishAt out/,
    );
    const far = await post(controller, cancel('WD-9001', 'Late', { publishAt: nowSecs() + 400 * 86_400 }));
    expect(far.status).toBe(400);
    expect((await far.json()).description).toMatch(/more than 366 days ahead/);
    const trpc = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      ...cancel('WD-9001', 'Late', { alert: false }),
      publishAt: nowSecs() + 60,
    });
    expect(trpc.status).toBe(400);
  });

  it('lets a disruption’s alert with publishAt enter the feed at its time, not before', async () => {
    await setApproval(admin, 'off');
    const at = nowSecs() + 600;
    const body = await applied(controller, cancel('WD-9001', 'Staff shortage', { publishAt: at }));
    expect(body).toMatchObject({ alertState: 'scheduled', publishAt: new Date(at * 1000).toISOString() });
    expect(await eventually(async () => (await updates()).includes(`WD-9001-${TODAY}`))).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await servedHeader(t.client(), body.alertId!)).toBeUndefined();
    later(601);
    expect(await eventually(async () => (await servedHeader(t.client(), body.alertId!)) !== undefined)).toBe(
      true,
    );
    expect((await audit(body.alertId!)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['schedule', 'enter_feed']),
    );
  });

  it('holds a timed disruption alert for approval, then lets it in at its time (tRPC)', async () => {
    await setApproval(admin, 'alerts');
    const at = nowSecs() + 600;
    const res = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      ...cancel('WD-0123', 'Bus strike'),
      publishAt: at,
    });
    expect(res.status).toBe(200);
    const body = res.body.result.data as Applied;
    expect(body).toMatchObject({ alertState: 'pending', publishAt: new Date(at * 1000).toISOString() });
    const approved = await approver.trpc('mutation', 'approvals.approve', { id: body.pendingId });
    expect(approved.body.result.data.state).toBe('scheduled');
    await new Promise((r) => setTimeout(r, 500));
    expect(await servedHeader(t.client(), body.alertId!)).toBeUndefined();
    later(601);
    expect(await eventually(async () => (await servedHeader(t.client(), body.alertId!)) !== undefined)).toBe(
      true,
    );
  });

  it('schedules the alert of planned works with publishAt; the version is made at once', async () => {
    await setApproval(admin, 'off');
    const at = nowSecs() + 600;
    const works = await applied(planner, {
      ...plannedCancel('20251004', 'WE-2300', 'Weekend works'),
      select: { tripIds: ['WE-2300'] },
      serviceDate: '20251011',
      publishAt: at,
    });
    expect(works).toMatchObject({ alertState: 'scheduled', versionId: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 500));
    expect(await servedHeader(t.client(), works.alertId!)).toBeUndefined();
    later(601);
    expect(await eventually(async () => (await servedHeader(t.client(), works.alertId!)) !== undefined)).toBe(
      true,
    );
  });

  it('holds a disruption with publishAt whole under alerts_and_disruptions; approved, its alert waits for its time', async () => {
    await setApproval(admin, 'alerts_and_disruptions');
    const at = nowSecs() + 600;
    const held = await applied(
      controller,
      cancel('WD-1234', 'Driver shortage tomorrow', { serviceDate: '20251002', publishAt: at }),
    );
    expect(held).toMatchObject({ id: null, state: 'pending' });
    const res = await approve(approver, held.pendingId!);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text).message).toMatch(/its alert enters the public feed at/);
    const disruption = ((await (await controller.get('/feed/disruptions')).json()) as Applied[]).find(
      (d) => (d as { reason?: string }).reason === 'Driver shortage tomorrow',
    )!;
    const alert = (await pendingList(approver)).find((p) => p.entityId === disruption.alertId)!;
    expect(alert).toMatchObject({ state: 'scheduled', createdBy: 'controller' });
    expect(await servedHeader(t.client(), disruption.alertId!)).toBeUndefined();
    later(601);
    expect(
      await eventually(async () => (await servedHeader(t.client(), disruption.alertId!)) !== undefined),
    ).toBe(true);
  });

  it('refuses the whole disruption (429) when its author has too many alerts waiting; nothing changes', async () => {
    await setApproval(admin, 'alerts');
    const waiting: string[] = [];
    for (const i of [1, 2]) {
      const res = await postAlert(flooder, routeAlert(`flood-${i}`, 'NTH', `Flood ${i}`));
      expect(res.status, await res.clone().text()).toBe(200);
      waiting.push((await res.json()).pendingId);
    }
    const refused = await post(flooder, cancel('WD-2300', 'Flooded line'));
    expect(refused.status).toBe(429);
    expect((await refused.json()).description).toMatch(/PENDING_ITEMS_PER_PRINCIPAL/);
    // Both or neither: the trains are not changed without their alert.
    expect(await updates()).not.toContain(`WD-2300-${TODAY}`);
    const listed = (await (await controller.get('/feed/disruptions')).json()) as { reason: string }[];
    expect(listed.some((d) => d.reason === 'Flooded line')).toBe(false);
    // A decision gives the place back.
    expect((await reject(approver, waiting[0]!, 'Not needed.')).status).toBe(200);
    const body = await applied(flooder, cancel('WD-2300', 'Flooded line'));
    expect(body.alertState).toBe('pending');
    expect(await eventually(async () => (await updates()).includes(`WD-2300-${TODAY}`))).toBe(true);
  });
});
