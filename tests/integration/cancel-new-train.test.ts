import { feedLog } from '@feeddesk/drizzle';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { and, asc, eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;
const CANCELED = rt.TripDescriptor.ScheduleRelationship.CANCELED;
const DATE = '20250923';
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;

const bus = (id: string, tripId: string) => ({
  id,
  tripUpdate: {
    trip: { tripId, routeId: 'BUS', startDate: DATE, scheduleRelationship: NEW },
    stopTimeUpdate: [
      ['GIL', '08:00'],
      ['MHL', '08:25'],
      ['SJD', '08:55'],
    ].map(([stopId, hhmm], i) => ({
      stopSequence: i + 1,
      stopId,
      arrival: { time: at(hhmm!) },
      departure: { time: at(hhmm!) },
    })),
  },
});
const cancelOf = (id: string, tripId: string) => ({
  id,
  tripUpdate: { trip: { tripId, routeId: 'BUS', startDate: DATE, scheduleRelationship: CANCELED } },
});

/**
 * A bug: "Cancel" of a new train (NEW, in no schedule) sent CANCELED, which E003
 * refused (unknown trip). Cancelling a new train removes it, through every save path, and the
 * delete can be undone like any other.
 */
describe('cancelling a new train', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    const feed = peninsulaLine();
    feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
    await storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());

  const served = async (id: string) => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity.find((e) => e.id === id);
  };
  const logged = async (id: string) =>
    (
      await t.deps.db
        .select({ action: feedLog.action })
        .from(feedLog)
        .where(and(eq(feedLog.kind, 'trip_update'), eq(feedLog.entityId, id)))
        .orderBy(asc(feedLog.id))
    ).map((r) => r.action);

  it('removes a new train cancelled from the trains list (tRPC), says so, and the delete can be undone', async () => {
    expect((await postEntity(controller, '/feed/trip_update', bus('bus-1', 'BUS-0800'))).status).toBe(200);
    const before = (await served('bus-1'))!;
    const listedRes = await controller.trpc('query', 'feed.get', { kind: 'trip_update', id: 'bus-1' });
    const revision = listedRes.body.result.data.revision as number;
    // What the list's "Trip cancelled" + Save sends: the entity with CANCELED.
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        id: 'bus-1',
        tripUpdate: {
          trip: { tripId: 'BUS-0800', routeId: 'BUS', startDate: DATE, scheduleRelationship: 'CANCELED' },
          stopTimeUpdate: [],
        },
      },
      baseRevision: revision,
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      id: 'bus-1',
      deleted: true,
      message:
        'Train BUS-0800 was a new train, not in the schedule: cancelling it removed it from the feed (undo within a minute).',
    });
    expect(await served('bus-1')).toBeUndefined();
    expect(await logged('bus-1')).toEqual(['save', 'delete']);

    const restored = await controller.trpc('mutation', 'feed.restore', { kind: 'trip_update', id: 'bus-1' });
    expect(restored.status).toBe(200);
    expect(rt.FeedEntity.encode((await served('bus-1'))!).finish()).toEqual(
      rt.FeedEntity.encode(before).finish(),
    );
  });

  it('removes it through POST /feed/trip_update too, under another entity id, and only the run of that date', async () => {
    expect((await postEntity(controller, '/feed/trip_update', bus('bus-2', 'BUS-0900'))).status).toBe(200);
    // Another date's cancel names no live new train: E003 as before (nothing removed).
    const otherDay = cancelOf('x', 'BUS-0900');
    otherDay.tripUpdate.trip.startDate = '20250924';
    const refused = await postEntity(controller, '/feed/trip_update', otherDay);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('E003');
    expect(await served('bus-2')).toBeDefined();

    const res = await postEntity(controller, '/feed/trip_update', cancelOf('cancel-bus', 'BUS-0900'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'bus-2',
      message:
        'Train BUS-0900 was a new train, not in the schedule: cancelling it removed it from the feed (undo within a minute).',
      warnings: [],
      state: 'published',
    });
    expect(await served('bus-2')).toBeUndefined();
    expect(await served('cancel-bus')).toBeUndefined();
  });
});
