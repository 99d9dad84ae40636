import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DATE = '20250923';

type Finding = { code: string; severity: string; entityIds: string[]; message: string };

/** The peninsula line without one train: a new timetable that drops it. */
function lineWithout(tripId: string) {
  const feed = peninsulaLine();
  for (const name of ['trips.txt', 'stop_times.txt']) {
    const table = feed.get(name)!;
    const column = table.header.indexOf('trip_id');
    table.rows = table.rows.filter((row) => row[column] !== tripId);
  }
  return feed;
}

/**
 * Issue 28: every way the feed changes keeps the feed invariants, not only the editors' saves:
 * removing the trains a new timetable dropped, bulk pushes. On a timetable in
 * America/Los_Angeles, served feeds read with MobilityData's bindings.
 */
describe('feed invariants on every path that changes the feed', () => {
  let t: TestApp;
  let controller: HttpClient;

  const store = (feed: ReturnType<typeof peninsulaLine>) =>
    storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await store(peninsulaLine());
    await clearLiveFeeds(t);
    t.clock.now = pdt('06:00');
  });

  const call = async (type: 'query' | 'mutation', path: string, input?: unknown, status = 200) => {
    const res = await controller.trpc(type, path, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.result?.data ?? res.body.error;
  };
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const errors = async () =>
    ((await (await controller.get('/feed/consistency')).json()) as Finding[]).filter(
      (f) => f.severity === 'error',
    );

  /** Train 305 skips Hayward Park and riders are told ("Tell riders"): its own alert. */
  async function skipWithAlert() {
    const { draft } = await call('query', 'disruptions.tripAlert', {
      tripId: '305',
      startDate: DATE,
      cancelled: false,
      skippedStopIds: ['HWP'],
    });
    const saved = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: {
        tripUpdate: {
          trip: { tripId: '305', startDate: DATE },
          stopTimeUpdate: [{ stopSequence: 5, stopId: 'HWP', scheduleRelationship: 'SKIPPED' }],
        },
      },
      baseRevision: 0,
      alert: { publish: draft },
    });
    expect((await served('/feed/alerts')).map((e) => e.id)).toEqual([saved.alertId]);
    return saved as { id: string; alertId: string };
  }

  it('ends the own alerts of the trains a new timetable dropped when their updates are removed', async () => {
    await skipWithAlert();
    await store(lineWithout('305'));
    const removed = await call('mutation', 'consistency.removeNotInSchedule');
    expect(removed.deleted).toHaveLength(1);
    expect(await served('/feed/updates')).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
  });
});
