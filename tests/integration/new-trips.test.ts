import { feedEntities } from '@feeddesk/drizzle';
import { expireFeedEntities } from '@feeddesk/server/feed/expire-feed-entities';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;
const REPLACEMENT = rt.TripDescriptor.ScheduleRelationship.REPLACEMENT;
const NONE = rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const DATE = '20250923';
/** POSIX seconds of a local time of Tuesday 23 September 2025 on the Los Angeles line. */
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;

/** The peninsula line with a bus route (BUS) for rail-replacement and extra buses. */
function lineWithBusRoute() {
  const feed = peninsulaLine();
  feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
  return feed;
}

type Call = [stopId: string, hhmm: string];
const journey = (calls: Call[]) =>
  calls.map(([stopId, hhmm], i) => ({
    stopSequence: i + 1,
    stopId,
    arrival: { time: at(hhmm) },
    departure: { time: at(hhmm) },
  }));
const newTrip = (id: string, tripId: string, calls: Call[], routeId = 'BUS') => ({
  id,
  tripUpdate: {
    trip: { tripId, routeId, startDate: DATE, scheduleRelationship: NEW },
    stopTimeUpdate: journey(calls),
  },
});

/**
 * New trains, replacement trips and short turns (docs/contract-notes.md "New and replacement
 * trips") on a line in America/Los_Angeles (far from the product's Johannesburg
 * home): a new bus with its own stops and times (NEW), a train diverted (REPLACEMENT), a train
 * turned short with set-down-only and pick-up-only stops; every served feed decoded with
 * MobilityData's bindings (gtfs-realtime-bindings 2.2 has NEW, REPLACEMENT, StopTimeProperties'
 * pickup_type, drop_off_type, stop_headsign and TripProperties.trip_headsign).
 */
describe('new trains, replacement journeys, stop restrictions and headsigns', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storeScheduleVersion(t.deps, {
      feed: lineWithBusRoute(),
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());

  const servedFeed = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  };
  const served = async (id: string) => (await servedFeed()).entity.find((e) => e.id === id)?.tripUpdate;
  const listed = async (id: string) => {
    const res = await controller.trpc('query', 'feed.list', { kind: 'trip_update' });
    return (
      res.body.result.data as { id: string; state: string; departureSecs?: number; routeId?: string }[]
    ).find((item) => item.id === id);
  };

  it('publishes a new bus (REST protobuf) as NEW with every stop, lists it as new and expires it an hour after its last stop', async () => {
    const bus = newTrip('bus-1', 'BUS-0800', [
      ['GIL', '08:00'],
      ['MHL', '08:25'],
      ['SJD', '08:55'],
    ]);
    const res = await postEntity(controller, '/feed/trip_update', bus);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'bus-1',
      message: '✅ Sucessfully saved Trip Update',
      warnings: [],
      state: 'published',
    });

    const tu = (await served('bus-1'))!;
    expect(tu.trip).toMatchObject({
      tripId: 'BUS-0800',
      routeId: 'BUS',
      startDate: DATE,
      scheduleRelationship: NEW,
    });
    expect(
      tu.stopTimeUpdate!.map((u) => [
        u.stopSequence,
        u.stopId,
        Number(u.arrival!.time),
        Number(u.departure!.time),
      ]),
    ).toEqual([
      [1, 'GIL', at('08:00'), at('08:00')],
      [2, 'MHL', at('08:25'), at('08:25')],
      [3, 'SJD', at('08:55'), at('08:55')],
    ]);
    expect(await listed('bus-1')).toMatchObject({ state: 'new', routeId: 'BUS', departureSecs: 8 * 3600 });

    // Underway, its past stops are still served: a consumer needs the whole journey to place it.
    t.clock.now = pdt('08:30');
    expect((await served('bus-1'))!.stopTimeUpdate).toHaveLength(3);
    const [row] = await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, 'bus-1'));
    expect(row!.expiresAt!.getTime() / 1000).toBe(at('09:55'));
    t.clock.now = pdt('09:54');
    await expireFeedEntities(t.deps);
    expect(await served('bus-1')).toBeDefined();
    t.clock.now = pdt('09:56');
    await expireFeedEntities(t.deps);
    expect(await served('bus-1')).toBeUndefined();
    t.clock.now = pdt('06:00');
  });

  it('publishes a new train from the editor (tRPC) on the rail route', async () => {
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: newTrip(
        '',
        'SPECIAL-1',
        [
          ['SJD', '10:00'],
          ['HWP', '10:40'],
          ['SFC', '11:05'],
        ],
        'LOC',
      ),
      baseRevision: 0,
    });
    expect(res.status).toBe(200);
    const id = res.body.result.data.id as string;
    const tu = (await served(id))!;
    expect(tu.trip).toMatchObject({ tripId: 'SPECIAL-1', routeId: 'LOC', scheduleRelationship: NEW });
    expect(tu.stopTimeUpdate!.map((u) => u.stopId)).toEqual(['SJD', 'HWP', 'SFC']);
    expect(await listed(id)).toMatchObject({ state: 'new', departureSecs: 10 * 3600 });
  });

  it('refuses a new train with a scheduled trip id, an unknown stop or route, times running backwards, a stop without times, or 10 000 stops; nothing is saved', async () => {
    const before = (await servedFeed()).entity.length;
    const refused = async (entity: Parameters<typeof postEntity>[2]) => {
      const res = await postEntity(controller, '/feed/trip_update', entity);
      expect(res.status).toBe(422);
      const body = await res.json();
      return { codes: body.details.notices.map((n: { code: string }) => n.code), message: body.description };
    };
    expect(
      await refused(
        newTrip('bad-1', '305', [
          ['GIL', '08:00'],
          ['SJD', '08:40'],
        ]),
      ),
    ).toEqual({
      codes: ['E016'],
      message:
        "Trip 305 is already in the schedule; give the new train a trip id of its own, or send a REPLACEMENT to change that trip's journey.",
    });
    expect(
      await refused(
        newTrip('bad-2', 'BUS-2', [
          ['GIL', '08:00'],
          ['NOWHERE', '08:40'],
        ]),
      ),
    ).toEqual({
      codes: ['E011'],
      message: 'Stop NOWHERE is not in the schedule; use a stop_id from stops.txt.',
    });
    expect((await refused(newTrip('bad-3', 'BUS-3', [['GIL', '08:00']], 'TRAM'))).codes).toEqual(['E004']);
    expect(
      (
        await refused(
          newTrip('bad-4', 'BUS-4', [
            ['GIL', '08:40'],
            ['SJD', '08:00'],
          ]),
        )
      ).codes,
    ).toEqual(['E022']);
    const noRoute = newTrip('bad-5', 'BUS-5', [['GIL', '08:00']]);
    noRoute.tripUpdate.trip.routeId = '';
    delete (noRoute.tripUpdate.stopTimeUpdate[0] as { departure?: unknown }).departure;
    expect(await refused(noRoute)).toEqual({
      codes: ['journey_field_missing', 'journey_field_missing'],
      message:
        'A new train needs its route_id; give the route and the service date. Stop 1 of the journey has no departure time; give every stop its stop_sequence, stop_id, arrival and departure time.',
    });

    const huge = newTrip('bad-6', 'BUS-6', []);
    huge.tripUpdate.stopTimeUpdate = Array.from({ length: 10_000 }, (_, i) => ({
      stopSequence: i + 1,
      stopId: 'GIL',
      arrival: { time: at('08:00') + i },
      departure: { time: at('08:00') + i },
    }));
    const res = await postEntity(controller, '/feed/trip_update', huge);
    expect(res.status).toBe(422);
    expect((await res.json()).description).toBe(
      'The trip update has 10000 stop time updates; a trip has at most 1000 stops.',
    );
    expect((await servedFeed()).entity.length).toBe(before);
    expect((await t.client().get('/healthz')).status).toBe(200);
  });

  it('publishes train 305 diverted as a REPLACEMENT (tRPC and REST), and refuses one that only shifts its times', async () => {
    const diverted = {
      id: 'tu-305-diverted',
      tripUpdate: {
        trip: { tripId: '305', startDate: DATE, scheduleRelationship: REPLACEMENT },
        // Non-stop from San Jose: San Martin, Morgan Hill and Hayward Park are not served.
        stopTimeUpdate: journey([
          ['GIL', '07:35'],
          ['SJD', '08:10'],
          ['SFC', '09:05'],
        ]),
      },
    };
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: diverted,
      baseRevision: 0,
    });
    expect(res.status).toBe(200);
    const tu = (await served('tu-305-diverted'))!;
    expect(tu.trip).toMatchObject({ tripId: '305', scheduleRelationship: REPLACEMENT });
    expect(tu.stopTimeUpdate!.map((u) => [u.stopSequence, u.stopId])).toEqual([
      [1, 'GIL'],
      [2, 'SJD'],
      [3, 'SFC'],
    ]);
    expect(await listed('tu-305-diverted')).toMatchObject({
      state: 'yet_to_start',
      departureSecs: 7 * 3600 + 35 * 60,
    });

    const late = {
      id: 'tu-307-late',
      tripUpdate: {
        trip: { tripId: '307', startDate: DATE, scheduleRelationship: REPLACEMENT },
        stopTimeUpdate: journey([
          ['GIL', '08:09'],
          ['SMN', '08:18'],
          ['MHL', '08:24'],
          ['SJD', '08:49'],
          ['HWP', '09:29'],
          ['SFC', '09:54'],
        ]),
      },
    };
    const refused = await postEntity(controller, '/feed/trip_update', late);
    expect(refused.status).toBe(422);
    expect((await refused.json()).description).toBe(
      'Trip 307 calls at the same stops as in the schedule; that is a delay: send it as delays of the scheduled trip, not as a REPLACEMENT.',
    );
    expect(await served('tu-307-late')).toBeUndefined();
  });

  it("keeps and serves set-down-only and pick-up-only stops, a stop headsign and a short-turned train's headsign (REST and tRPC)", async () => {
    const shortTurn = {
      id: 'tu-303-short',
      tripUpdate: {
        trip: { tripId: '303', startDate: DATE },
        tripProperties: { tripHeadsign: 'San Jose Diridon' },
        stopTimeUpdate: [
          {
            stopSequence: 1,
            stopId: 'GIL',
            departure: { delay: 0 },
            stopTimeProperties: { dropOffType: NONE, stopHeadsign: 'San Jose' },
          },
          { stopSequence: 4, stopId: 'SJD', arrival: { delay: 0 }, stopTimeProperties: { pickupType: NONE } },
          { stopSequence: 5, stopId: 'HWP', scheduleRelationship: SKIPPED },
          { stopSequence: 6, stopId: 'SFC', scheduleRelationship: SKIPPED },
        ],
      },
    };
    expect((await postEntity(controller, '/feed/trip_update', shortTurn)).status).toBe(200);
    const check = async (id: string) => {
      const tu = (await served(id))!;
      expect(tu.tripProperties!.tripHeadsign).toBe('San Jose Diridon');
      const props = tu.stopTimeUpdate!.map((u) => [
        u.stopId,
        u.stopTimeProperties?.pickupType ?? null,
        u.stopTimeProperties?.dropOffType ?? null,
        u.stopTimeProperties?.stopHeadsign ?? null,
        u.scheduleRelationship,
      ]);
      expect(props).toEqual([
        ['GIL', 0, NONE, 'San Jose', 0],
        ['SJD', NONE, 0, '', 0],
        ['HWP', null, null, null, SKIPPED],
        ['SFC', null, null, null, SKIPPED],
      ]);
    };
    await check('tu-303-short');

    // The editor sends the enum names; the feed serves the same numbers.
    const [first, second, ...rest] = shortTurn.tripUpdate.stopTimeUpdate;
    const viaEditor = {
      id: 'tu-301-short',
      tripUpdate: {
        ...shortTurn.tripUpdate,
        trip: { tripId: '301', startDate: DATE },
        stopTimeUpdate: [
          { ...first, stopTimeProperties: { dropOffType: 'NONE', stopHeadsign: 'San Jose' } },
          { ...second, stopTimeProperties: { pickupType: 'NONE' } },
          ...rest,
        ],
      },
    };
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: viaEditor,
      baseRevision: 0,
    });
    expect(res.status).toBe(200);
    await check('tu-301-short');
  });
});
