import { disruptions, feedEntities } from '@feeddesk/drizzle';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { and, eq } from 'drizzle-orm';
// MobilityData's own bindings read the served bytes: the schema as consumers know it, not ours.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const { NO_DATA, SCHEDULED } = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship;

/** 20 evening trains 18:00–21:48, every 12 minutes, a morning and a night one, all calling at Bellville's platform 2. */
const EVENING = Array.from({ length: 20 }, (_, i) => {
  const secs = 18 * 3600 + i * 12 * 60;
  const hhmm = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:00`;
  return { tripId: `EV-${String(i + 1).padStart(2, '0')}`, at: [secs, secs + 1800, secs + 3600].map(hhmm) };
});
const MORNING = [
  { tripId: 'NI-01', at: ['23:30:00', '24:00:00', '24:30:00'] },
  { tripId: 'MO-02', at: ['07:00:00', '07:30:00', '08:00:00'] },
];

/**
 * Bellville is a station (BLV-S) with platforms 2 and 4 (platform_code); Cape Town another station
 * with its platform 1. Every train runs Eerste River → Bellville platform 2 → Cape Town platform 1.
 */
const schedule = sampleFeed({
  'stops.txt': [
    'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code',
    'EER,Eerste River,-34.01,18.72,,,',
    'BLV-S,Bellville,-33.90,18.63,1,,',
    'BLV-2,Bellville,-33.90,18.63,0,BLV-S,2',
    'BLV-4,Bellville,-33.90,18.63,0,BLV-S,4',
    'CPT-S,Cape Town,-33.92,18.42,1,,',
    'CPT-1,Cape Town,-33.92,18.42,0,CPT-S,1',
  ].join('\n'),
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    ...[...MORNING, ...EVENING].map((t) => `NTH,WD,${t.tripId},Cape Town,0`),
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...[...MORNING, ...EVENING].flatMap((t) => [
      `${t.tripId},${t.at[0]},${t.at[0]},EER,1`,
      `${t.tripId},${t.at[1]},${t.at[1]},BLV-2,2`,
      `${t.tripId},${t.at[2]},${t.at[2]},CPT-1,3`,
    ]),
  ].join('\n'),
});

type Applied = { id: string | null; count: number; trips: { tripId: string }[]; alertId: string | null };

describe('platform changes as a disruption action (change_platform)', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['edit'], 'controller');
    t.clock.now = jnb('2025-09-23T17:00:00'); // a Tuesday, before the evening trains
  });
  afterAll(() => t?.close());

  beforeEach(async () => {
    const res = await controller.get('/feed/disruptions');
    for (const d of (await res.json()) as { id: string; active: boolean }[])
      if (d.active)
        expect((await controller.fetch(`/feed/disruptions/${d.id}`, { method: 'DELETE' })).status).toBe(200);
    await clearLiveFeeds(t);
  });

  const post = (body: unknown) =>
    controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const apply = async (body: object) => {
    const res = await post({ serviceDate: '20250923', reason: 'Track work', ...body });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Applied;
  };
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  };
  /** Every live trip update's stored bytes, by trip: what the lift must give back exactly. */
  const livePbs = async () =>
    new Map(
      (
        await t.deps.db
          .select({ tripId: feedEntities.tripId, pb: feedEntities.pb })
          .from(feedEntities)
          .where(eq(feedEntities.kind, 'trip_update'))
      ).map((r) => [r.tripId, r.pb.toString('base64')]),
    );
  const recorded = async () => (await t.deps.db.select({ id: disruptions.id }).from(disruptions)).length;
  const eveningWindow = { stopId: 'BLV-2', from: '18:00', to: '23:00' };
  const move = { type: 'change_platform', stopId: 'BLV-2', toStopId: 'BLV-4' };

  it('moves the 20 evening trains to platform 4 in one act: assigned_stop_id served on each, a delay kept; the lift restores every byte', async () => {
    // A train already running late, and a night train's own update that the act must not touch.
    for (const [tripId, delay] of [
      ['EV-01', 300],
      ['NI-01', 60],
    ] as const)
      expect(
        (
          await postEntity(controller, '/feed/trip_update', {
            id: `tu-${tripId}`,
            tripUpdate: {
              trip: { tripId, startDate: '20250923' },
              stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay } }],
            },
          })
        ).status,
      ).toBe(200);
    const before = await livePbs();

    const preview = await apply({ select: eveningWindow, action: move, alert: true, dryRun: true });
    expect([preview.id, preview.count]).toEqual([null, 20]);
    expect(await livePbs()).toEqual(before);

    const applied = await apply({ select: eveningWindow, action: move, alert: true });
    expect(applied.trips.map((trip) => trip.tripId)).toEqual(EVENING.map((e) => e.tripId));
    const feed = await served('/feed/updates');
    const byTrip = new Map(feed.entity.map((e) => [e.tripUpdate!.trip.tripId!, e.tripUpdate!]));
    for (const { tripId } of EVENING) {
      const atBellville = byTrip.get(tripId)!.stopTimeUpdate!.find((u) => u.stopSequence === 2)!;
      expect(atBellville.stopTimeProperties?.assignedStopId, tripId).toBe('BLV-4');
      expect(atBellville.stopId).toBe('BLV-2');
      expect(atBellville.scheduleRelationship ?? SCHEDULED).toBe(tripId === 'EV-01' ? SCHEDULED : NO_DATA);
    }
    // The late train keeps its delay at the start and carries it at the new platform.
    const late = byTrip.get('EV-01')!.stopTimeUpdate!;
    expect(late.map((u) => [u.stopSequence, u.departure?.delay])).toEqual([
      [1, 300],
      [2, 300],
    ]);
    // The morning trains are outside the window: as they were.
    expect(
      byTrip.get('NI-01')!.stopTimeUpdate!.map((u) => u.stopTimeProperties?.assignedStopId ?? null),
    ).toEqual([null]);
    expect(byTrip.has('MO-02')).toBe(false);

    const alert = (await served('/feed/alerts')).entity.find((e) => e.id === applied.alertId)!.alert!;
    expect(alert.effect).toBe(rt.Alert.Effect.STOP_MOVED);
    expect(alert.informedEntity!.map((e) => [e.routeId, e.stopId])).toEqual([['NTH', 'BLV-2']]);
    expect(alert.headerText!.translation![0]!.text).toBe(
      'Bellville (platform 2): trains leave from Bellville (platform 4)',
    );
    expect(alert.descriptionText!.translation![0]!.text).toContain(
      'call at Bellville (platform 4) instead of Bellville (platform 2). Track work',
    );

    expect((await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(await livePbs()).toEqual(before);
    expect((await served('/feed/alerts')).entity).toEqual([]);
  });

  it("refuses another station's stop, or the same platform, naming the trains and the station's platforms, and saves nothing", async () => {
    const count = await recorded();
    const before = await livePbs();
    const refused = async (action: object, description: string) => {
      const res = await post({ serviceDate: '20250923', reason: 'x', select: eveningWindow, action });
      expect(res.status).toBe(400);
      expect((await res.json()).description).toBe(description);
    };
    const trains = `${EVENING.map((e) => e.tripId).join(', ')}`;
    await refused(
      { ...move, toStopId: 'CPT-1' },
      `Trips ${trains} cannot be moved from BLV-2 to CPT-1: stop CPT-1 is not another platform of the station of BLV-2. Choose one of BLV-4 in action.toStopId.`,
    );
    await refused(
      { ...move, toStopId: 'BLV-2' },
      `Trips ${trains} cannot be moved from BLV-2 to BLV-2: stop BLV-2 is the platform they are scheduled at. Choose one of BLV-4 in action.toStopId.`,
    );
    const one = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: { tripIds: ['EV-03'] },
      action: { type: 'change_platform', stopId: 'EER', toStopId: 'BLV-4' },
    });
    expect(one.status).toBe(400);
    expect((await one.json()).description).toBe(
      'Trip EV-03 cannot be moved from EER to BLV-4: stop EER is not a platform of a station with other platforms (it has no parent_station sharing one). Choose another action.',
    );
    const missing = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: eveningWindow,
      action: { type: 'change_platform', stopId: 'BLV-2' },
    });
    expect(missing.status).toBe(400);
    expect(await recorded()).toBe(count);
    expect(await livePbs()).toEqual(before);
  });

  it('an attacker: a selection past the limits is refused at the edge, one of 5 000 unknown trips finds nothing, hostile stop ids are named back, nothing saved', async () => {
    const count = await recorded();
    const tooMany = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: { tripIds: Array.from({ length: 5001 }, (_, i) => `X-${i}`) },
      action: move,
    });
    expect(tooMany.status).toBe(400);
    const longId = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: eveningWindow,
      action: { ...move, toStopId: 'B'.repeat(201) },
    });
    expect(longId.status).toBe(400);
    // The most trips the edge lets in, none of them real: answered in bounded time, nothing written.
    const started = Date.now();
    const unknown = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: { tripIds: Array.from({ length: 5000 }, (_, i) => `X-${i}`) },
      action: move,
    });
    expect(unknown.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The real trips among 4 000 hostile ids: only they are moved (a dry run, nothing kept).
    const mixed = await apply({
      select: {
        tripIds: [
          ...EVENING.map((e) => e.tripId),
          'NI-01',
          ...Array.from({ length: 4000 }, (_, i) => `X-${i}`),
        ],
      },
      action: move,
      dryRun: true,
    });
    expect([mixed.id, mixed.count]).toEqual([null, 21]);
    const hostile = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: { tripIds: ['EV-05'] },
      action: { ...move, toStopId: "BLV-4' OR '1'='1" },
    });
    expect(hostile.status).toBe(400);
    expect((await hostile.json()).description).toContain(
      "to BLV-4' OR '1'='1: stop BLV-4' OR '1'='1 is not another platform",
    );
    expect(await recorded()).toBe(count);
    const rows = await t.deps.db
      .select({ id: feedEntities.id })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, 'trip_update')));
    expect(rows).toEqual([]);
  });
});
