import { feedEntities, feedLog } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { expireFeedEntities } from '@feeddesk/server/feed/expire-feed-entities';
import { and, eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity, postPositions } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Real time (sessions and cookies follow it); the schedule's service of today in Cape Town. */
const NOW = Math.floor(Date.now() / 1000);
const zone = { timeZone: 'Africa/Johannesburg' } as const;
const TODAY = new Intl.DateTimeFormat('en-CA', zone).format(new Date()).replaceAll('-', '');
const SERVICE = ['Sat', 'Sun'].includes(new Intl.DateTimeFormat('en', { ...zone, weekday: 'short' }).format())
  ? 'WE'
  : 'WD';
const CAPE_TOWN = { latitude: -33.92226, longitude: 18.4253 };

/** The positions feed read with MobilityData's own bindings, as a journey planner reads it. */
async function readPositions(client: HttpClient) {
  const res = await client.get('/feed/positions');
  expect(res.status).toBe(200);
  return GtfsRealtimeBindings.transit_realtime.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
}

describe('vehicle positions', () => {
  let t: TestApp;
  let avl: HttpClient;
  let tripId: string;
  let stops: { stopSequence: number; stopId: string }[];

  const train = (id: string, extra: Record<string, unknown> = {}): FeedEntity => ({
    id,
    vehicle: {
      trip: { tripId },
      vehicle: { id: `unit-${id}`, label: id },
      position: { ...CAPE_TOWN },
      currentStopSequence: stops[1]!.stopSequence,
      stopId: stops[1]!.stopId,
      timestamp: NOW - 10,
      ...extra,
    },
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { VEHICLE_POSITION_TTL_MINUTES: '2' } });
    await uploadSchedule(await t.clientWithRoles(['gtfs']), await demoWorkbook(), 'demo.xlsx');
    avl = await t.clientWithRoles(['edit'], 'avl');
    const trips = (await (await avl.get(`/db/get_trips?route=STH&service=${SERVICE}`)).json()) as {
      trip_id: string;
      start_date: string;
    }[];
    // Today's runs: just after midnight yesterday's late trains are listed too, under way.
    for (const trip of trips.filter((run) => run.start_date === TODAY)) {
      tripId = trip.trip_id;
      stops = await (await avl.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(tripId)}`)).json();
      if (stops[0]!.stopId === 'CAPE TOWN') break;
    }
  });
  afterAll(() => t?.close());

  it('saves one position and serves it in GET /feed/positions, without logging it', async () => {
    const res = await postEntity(avl, '/feed/vehicle_position', train('vp-1'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'vp-1',
      message: '✅ Successfully saved Vehicle Position',
      warnings: [],
      state: 'published',
    });
    const feed = await readPositions(t.client());
    expect(feed.header.gtfsRealtimeVersion).toBe('2.0');
    const vehicle = feed.entity.find((e) => e.id === 'vp-1')!.vehicle!;
    expect(vehicle.trip!.tripId).toBe(tripId);
    expect(vehicle.trip!.startDate).toBe(TODAY);
    expect(vehicle.vehicle!.id).toBe('unit-vp-1');
    expect(vehicle.position!.latitude).toBeCloseTo(CAPE_TOWN.latitude, 5);
    expect(vehicle.stopId).toBe(stops[1]!.stopId);
    expect(Number(vehicle.timestamp)).toBe(NOW - 10);
    expect(await t.deps.db.select().from(feedLog).where(eq(feedLog.kind, 'vehicle'))).toEqual([]);
  });

  it('logs a single position in the history when asked with LogEntity: true', async () => {
    const res = await postEntity(avl, '/feed/vehicle_position', train('vp-logged'), { LogEntity: 'true' });
    expect(res.status).toBe(200);
    const logged = await t.deps.db
      .select()
      .from(feedLog)
      .where(and(eq(feedLog.kind, 'vehicle'), eq(feedLog.entityId, 'vp-logged')));
    expect(logged.map((r) => [r.action, r.by])).toEqual([['save', 'avl']]);
  });

  it('refuses a position off the globe with 422 and its notices, and a trip update with 400', async () => {
    const res = await postEntity(
      avl,
      '/feed/vehicle_position',
      train('vp-bad', { position: { latitude: -95, longitude: 18.4 } }),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.details.notices).toEqual([
      {
        code: 'E026',
        severity: 'error',
        entityId: 'vp-bad',
        field: 'vehicle.position.latitude',
        value: -95,
        message:
          'vehicle.position.latitude -95 is not a WGS84 coordinate; it must lie between -90 and 90 degrees.',
      },
    ]);
    const wrong = await postEntity(avl, '/feed/vehicle_position', {
      id: 'tu-x',
      tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 2, arrival: { delay: 60 } }] },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).description).toBe(
      'This call takes a vehicle, but the entity holds a trip update. Send it to POST /feed/trip_update.',
    );
    expect((await readPositions(t.client())).entity.map((e) => e.id)).not.toContain('vp-bad');
  });

  it('saves the good positions of a whole FeedMessage and reports the bad ones, in message order', async () => {
    const res = await postPositions(avl, [
      train('a', { timestamp: NOW - 5 }),
      { id: 'alert-1', alert: { informedEntity: [{ routeId: 'STH' }] } },
      train('b', { position: { ...CAPE_TOWN, bearing: 400 } }),
      train('c', { currentStopSequence: 999 }),
      train('d', { timestamp: NOW - 3 }),
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      saved: 2,
      rejected: [
        {
          id: 'alert-1',
          notices: [
            {
              code: 'bad_request',
              severity: 'error',
              entityId: 'alert-1',
              field: '',
              message:
                'This call takes a vehicle, but the entity holds an alert. Send it to POST /feed/service_alert.',
            },
          ],
        },
        {
          id: 'b',
          notices: [
            {
              code: 'E027',
              severity: 'error',
              entityId: 'b',
              field: 'vehicle.position.bearing',
              value: 400,
              message: 'Bearing 400 is not a compass bearing; give degrees from 0 (north) to 360, clockwise.',
            },
          ],
        },
        {
          id: 'c',
          notices: [
            {
              code: 'vehicle_stop_sequence_not_in_trip',
              severity: 'error',
              entityId: 'c',
              field: 'vehicle.current_stop_sequence',
              value: 999,
              message: `Trip ${tripId} has no stop_sequence 999; give current_stop_sequence from the trip's stops.`,
            },
          ],
        },
      ],
    });
    const ids = (await readPositions(t.client())).entity.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(['a', 'd']));
    expect(ids).not.toContain('b');
    expect(ids).not.toContain('c');
    expect(await t.deps.db.select().from(feedLog).where(eq(feedLog.entityId, 'a'))).toEqual([]);
  });

  it('moves a train pushed again, keeping one entity per id', async () => {
    const moved = { latitude: -33.92545, longitude: 18.44571 };
    const res = await postPositions(avl, [train('a', { position: moved, timestamp: NOW - 1 })]);
    expect(await res.json()).toEqual({ saved: 1, rejected: [] });
    const feed = await readPositions(t.client());
    const a = feed.entity.filter((e) => e.id === 'a');
    expect(a).toHaveLength(1);
    expect(a[0]!.vehicle!.position!.longitude).toBeCloseTo(moved.longitude, 5);
    const [row] = await t.deps.db
      .select({ revision: feedEntities.revision })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, 'vehicle'), eq(feedEntities.id, 'a')));
    expect(row!.revision).toBe(2);
  });

  it('refuses a message that cannot be decoded (400) or whose header is in the future (422)', async () => {
    const garbage = await avl.fetch('/feed/vehicle_positions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from([0x0a, 0x05, 0x01]),
    });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error).toBeDefined();
    const future = await postPositions(avl, [train('e')], { timestamp: NOW + 600 });
    expect(future.status).toBe(422);
    expect((await future.json()).details.notices.map((n: { code: string }) => n.code)).toEqual(['E050']);
  });

  it('answers 304 while the positions did not change, and a new ETag once they did', async () => {
    const first = await t.client().get('/feed/positions');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect((await t.client().get('/feed/positions', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    expect(
      (await t.client().get('/feed/positions', { headers: { 'if-modified-since': lastModified } })).status,
    ).toBe(304);
    await postPositions(avl, [train('a', { position: CAPE_TOWN, timestamp: NOW })]);
    const after = await t.client().get('/feed/positions', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('drops a position VEHICLE_POSITION_TTL_MINUTES after its own timestamp, not after its save', async () => {
    await postPositions(avl, [train('old', { timestamp: NOW - 100 }), train('fresh', { timestamp: NOW })]);
    // 30 s later: "old" was measured 130 s ago (over the 2 minutes), "fresh" 30 s ago.
    t.clock.now = new Date((NOW + 30) * 1000);
    expect(await expireFeedEntities(t.deps)).toBeGreaterThan(0);
    const ids = (await readPositions(t.client())).entity.map((e) => e.id);
    expect(ids).toContain('fresh');
    expect(ids).not.toContain('old');
    t.clock.now = new Date((NOW + 121) * 1000);
    await expireFeedEntities(t.deps);
    t.clock.now = null;
    expect((await readPositions(t.client())).entity.map((e) => e.id)).not.toContain('fresh');
  });
});
