import { scheduleVersions } from '@feeddesk/drizzle';
import { findCurrentSchedule } from '@feeddesk/server/schedule/find-current-schedule';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { changedSampleFiles, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Tuesday 23 September 2025, 06:00 in Johannesburg: WD trains run. */
const NOW = new Date('2025-09-23T04:00:00Z');

describe('schedule versions: list, diff and rollback (REST and tRPC)', () => {
  let t: TestApp;
  let planner: HttpClient;
  let editor: HttpClient;
  let first: number;
  let second: number;
  const load = (files: Record<string, string>, by = 'planner') =>
    storeScheduleVersion(t.deps, {
      feed: sampleFeed(files),
      sourceKind: 'zip',
      sourceName: Object.keys(files).length ? 'wrong-timetable.zip' : 'timetable.zip',
      uploadedBy: by,
      jobId: null,
    });
  const statuses = async () =>
    (
      await t.deps.db
        .select({ id: scheduleVersions.id, status: scheduleVersions.status })
        .from(scheduleVersions)
        .orderBy(asc(scheduleVersions.id))
    ).map((v) => `${v.id}:${v.status}`);

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    planner = await t.clientWithRoles(['gtfs'], 'planner');
    editor = await t.clientWithRoles(['edit'], 'controller');
    t.clock.now = NOW;
    first = (await load({})).versionId;
    second = (await load(changedSampleFiles)).versionId;
  });
  afterAll(() => t?.close());

  it('lists the kept versions with who, when, source and counts, and how many are kept', async () => {
    const res = await planner.get('/gtfs/versions');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.keptVersions).toBe(5);
    expect(
      body.versions.map((v: { id: number; status: string; rowsKept: boolean }) => [
        v.id,
        v.status,
        v.rowsKept,
      ]),
    ).toEqual([
      [second, 'current', true],
      [first, 'previous', true],
    ]);
    expect(body.versions[0]).toMatchObject({
      sourceName: 'wrong-timetable.zip',
      uploadedBy: 'planner',
      createdAt: NOW.toISOString(),
      counts: { routes: 3, stops: 4, trips: 7, stopTimes: 15 },
    });
  });

  it('answers the diff of two versions over REST, the same as tRPC', async () => {
    const res = await planner.get(`/gtfs/versions/${first}/diff/${second}`);
    expect(res.status).toBe(200);
    const rest = await res.json();
    expect(rest.totals).toEqual({
      tripsAdded: 2,
      tripsRemoved: 1,
      tripsRetimed: 1,
      stopsAdded: 1,
      stopsRemoved: 1,
      servicesChanged: 3,
    });
    expect(
      rest.routes.map((r: { routeId: string; added: number; removed: number; retimed: number }) => [
        r.routeId,
        r.added,
        r.removed,
        r.retimed,
      ]),
    ).toEqual([
      ['NTH', 1, 1, 1],
      ['STH', 1, 0, 0],
    ]);
    const trpc = await planner.trpc('query', 'schedule.diff', { from: first, to: second });
    expect(trpc.body.result.data).toEqual(rest);
    const unknown = await planner.get(`/gtfs/versions/${first}/diff/9999`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBe('Unknown schedule version');
  });

  it('refuses a rollback while a load is under way, and changes nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A load that stays in "loading" until released, then fails: the state of a large upload mid-COPY.
    const loading = storeScheduleVersion(t.deps, {
      timezone: 'Africa/Johannesburg',
      feedVersion: null,
      encode: async function* () {
        await gate;
        yield* [];
        throw new Error('stopped by the test');
      },
      sourceKind: 'zip',
      sourceName: 'slow.zip',
      uploadedBy: 'someone',
      jobId: null,
    });
    const failed = loading.catch((e: Error) => e.message);
    while (!(await statuses()).some((s) => s.endsWith(':loading'))) await new Promise((r) => setImmediate(r));
    const before = await statuses();
    const res = await planner.fetch(`/gtfs/versions/${first}/rollback`, { method: 'POST' });
    const body = await res.json();
    release();
    expect(res.status).toBe(409);
    expect(body.error).toBe('A schedule is loading');
    expect(body.description).toMatch(/uploaded by someone\) is loading now; nothing was rolled back/);
    expect(await failed).toBe('stopped by the test');
    expect(await statuses()).toEqual([...before.slice(0, -1), before.at(-1)!.replace('loading', 'failed')]);
    expect(await failed).toBe('stopped by the test');
  });

  it('rolls back in one act: the earlier version is current, the replaced one previous, findings run again', async () => {
    // A live trip update for a trip only the wrong timetable has.
    const saved = await editor.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        tripUpdate: {
          trip: { tripId: 'WD-1500' },
          stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', arrival: { delay: 120 } }],
        },
      },
    });
    expect(saved.status).toBe(200);
    const entityId = saved.body.result.data.id as string;
    const res = await planner.fetch(`/gtfs/versions/${first}/rollback`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.versionId).toBe(first);
    expect(body.replacedVersionId).toBe(second);
    expect(body.tripUpdatesNotInSchedule).toEqual([
      { id: entityId, tripId: 'WD-1500', startDate: '20250923' },
    ]);
    expect(body.findings).toContainEqual(
      expect.objectContaining({ code: 'trip_not_in_schedule', entityIds: [entityId] }),
    );
    expect((await findCurrentSchedule(t.deps))?.versionId).toBe(first);
    const list = await (await planner.get('/gtfs/versions')).json();
    expect(
      list.versions
        .filter((v: { status: string }) => v.status !== 'failed')
        .map((v: { id: number; status: string }) => [v.id, v.status]),
    ).toEqual([
      [second, 'previous'],
      [first, 'current'],
    ]);
    // The schedule queries answer from the restored version at once.
    const routes = await (await planner.get('/db/trips_to_routes')).json();
    expect(JSON.stringify(routes)).toContain('WD-1234');
    expect(JSON.stringify(routes)).not.toContain('WD-1500');
  });

  it('refuses to roll back to the current version or a pruned one, changing nothing', async () => {
    const before = await statuses();
    const current = await planner.trpc('mutation', 'schedule.rollback', { versionId: first });
    expect(current.status).toBe(409);
    expect(current.body.error.data.appCode).toBe('schedule_version_current');
    const third = (await load({})).versionId;
    const afterLoad = await statuses();
    expect(afterLoad).toContain(`${first}:previous`);
    expect(afterLoad).toContain(`${second}:archived`);
    const pruned = await planner.fetch(`/gtfs/versions/${second}/rollback`, { method: 'POST' });
    expect(pruned.status).toBe(409);
    expect((await pruned.json()).error).toBe('Schedule version no longer kept');
    expect(await statuses()).toEqual(afterLoad);
    expect(before).not.toEqual(afterLoad);
    // And back again over tRPC: one act each way.
    const back = await planner.trpc('mutation', 'schedule.rollback', { versionId: first });
    expect(back.status).toBe(200);
    expect(back.body.result.data).toMatchObject({ versionId: first, replacedVersionId: third });
  });

  it('keeps the roles: the versions screen and its calls are for gtfs only', async () => {
    expect((await editor.get('/gtfs/versions')).status).toBe(403);
    expect((await editor.fetch(`/gtfs/versions/${first}/rollback`, { method: 'POST' })).status).toBe(403);
  });
});
