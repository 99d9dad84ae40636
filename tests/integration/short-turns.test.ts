import { feedEntities } from '@feeddesk/drizzle';
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
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const SCHEDULED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SCHEDULED;
const NONE = rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE;

/**
 * Short turns on the sample line: three trains Eerste River → Bellville → Cape Town (direction
 * 0), one back, and WD-9001 of the Southern Line Cape Town → Eerste River, which never calls at
 * Bellville. Bellville's platform 1 is a stop of the Bellville station.
 */
const schedule = sampleFeed({
  'stops.txt': [
    'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
    'CPT,Cape Town,-33.92,18.42,,',
    'BLV-S,Bellville,-33.90,18.63,1,',
    'BLV,Bellville Platform 1,-33.90,18.63,0,BLV-S',
    'EER,Eerste River,-34.01,18.72,,',
  ].join('\n'),
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'NTH,WD,WD-0600,Cape Town,0',
    'NTH,WD,WD-0700,Cape Town,0',
    'NTH,WD,WD-0800,Cape Town,0',
    'NTH,WD,WD-0650,Eerste River,1',
    'STH,WD,WD-9001,Eerste River,1',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...['06', '07', '08'].flatMap((h) => [
      `WD-${h}00,${h}:00:00,${h}:00:00,EER,1`,
      `WD-${h}00,${h}:30:00,${h}:31:00,BLV,2`,
      `WD-${h}00,${h}:59:00,${h}:59:00,CPT,3`,
    ]),
    'WD-0650,06:50:00,06:50:00,CPT,1',
    'WD-0650,07:20:00,07:20:00,BLV,2',
    'WD-0650,07:50:00,07:50:00,EER,3',
    'WD-9001,23:50:00,23:50:00,CPT,10',
    'WD-9001,24:35:00,24:35:00,EER,20',
  ].join('\n'),
});

type Applied = { id: string | null; count: number; trips: { tripId: string }[]; alertId: string | null };

describe('short turns and stop restrictions as disruption actions', () => {
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
    t.clock.now = jnb('2025-09-23T05:00:00'); // a Tuesday, before the morning trains
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
    const res = await post({ serviceDate: '20250923', reason: 'Points failure', ...body });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Applied;
  };
  const lift = async (id: string | null) =>
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);
  /** A served feed decoded by gtfs-realtime-bindings. */
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  };
  const update = async (tripId: string) =>
    (await served('/feed/updates')).entity.find((e) => e.tripUpdate?.trip?.tripId === tripId)?.tripUpdate;
  const calls = (tu: Awaited<ReturnType<typeof update>>) =>
    (tu?.stopTimeUpdate ?? []).map((u) => [
      u.stopId,
      u.scheduleRelationship ?? SCHEDULED,
      u.departure?.delay ?? u.arrival?.delay ?? null,
    ]);
  const livePb = async (tripId: string) =>
    (
      await t.deps.db
        .select({ pb: feedEntities.pb })
        .from(feedEntities)
        .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, tripId)))
    )[0]?.pb ?? null;
  const delayAtStart = (tripId: string) =>
    postEntity(controller, '/feed/trip_update', {
      id: `tu-${tripId}`,
      tripUpdate: {
        trip: { tripId, startDate: '20250923' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay: 300 } }],
      },
    });

  it('terminates a delayed train at Bellville: Cape Town SKIPPED, its delay kept, headsign and alert say Bellville; the lift restores its bytes', async () => {
    expect((await delayAtStart('WD-0600')).status).toBe(200);
    const before = await livePb('WD-0600');
    const action = { type: 'short_turn', stopId: 'BLV', at: 'end' };

    const preview = await apply({ select: { tripIds: ['WD-0600'] }, action, alert: true, dryRun: true });
    expect([preview.id, preview.count]).toEqual([null, 1]);
    expect(Buffer.compare(before!, (await livePb('WD-0600'))!)).toBe(0);

    const applied = await apply({ select: { tripIds: ['WD-0600'] }, action, alert: true });
    const turned = await update('WD-0600');
    expect(calls(turned)).toEqual([
      ['EER', SCHEDULED, 300],
      ['CPT', SKIPPED, null],
    ]);
    // The station's name, not the platform's.
    expect(turned!.tripProperties?.tripHeadsign).toBe('Bellville');
    const alert = (await served('/feed/alerts')).entity.find((e) => e.id === applied.alertId)!.alert!;
    expect(alert.effect).toBe(rt.Alert.Effect.REDUCED_SERVICE);
    expect(alert.informedEntity!.map((e) => e.trip?.tripId)).toEqual(['WD-0600']);
    expect(alert.headerText!.translation).toEqual([
      expect.objectContaining({
        text: 'Northern Line: trains terminate at Bellville',
        language: 'en-ZA',
      }),
    ]);
    expect(alert.descriptionText!.translation![0]!.text).toBe(
      'Trains 600 of Northern Line on 23 September 2025 between 06:00 and 06:59 terminate at Bellville and do not run further. Points failure',
    );

    await lift(applied.id);
    expect(Buffer.compare(before!, (await livePb('WD-0600'))!)).toBe(0);
    expect((await served('/feed/alerts')).entity).toEqual([]);
  });

  it('starts trains from Bellville: Eerste River SKIPPED, the delay it had carried to Bellville; the lift leaves no update where there was none', async () => {
    expect((await delayAtStart('WD-0600')).status).toBe(200);
    const applied = await apply({
      select: { routeId: 'NTH', directionId: 0, from: '06:00', to: '08:00' },
      action: { type: 'short_turn', stopId: 'BLV', at: 'start' },
      alert: true,
    });
    expect(applied.trips.map((trip) => trip.tripId)).toEqual(['WD-0600', 'WD-0700']);
    const [first, second] = [await update('WD-0600'), await update('WD-0700')];
    expect(calls(first)).toEqual([
      ['EER', SKIPPED, null],
      ['BLV', SCHEDULED, 300],
    ]);
    expect(calls(second)).toEqual([['EER', SKIPPED, null]]);
    // A train starting further on still goes where it went.
    expect(second!.tripProperties?.tripHeadsign ?? '').toBe('');
    const alert = (await served('/feed/alerts')).entity[0]!.alert!;
    expect(alert.headerText!.translation![0]!.text).toBe('Northern Line: trains start from Bellville');
    expect(alert.informedEntity!.map((e) => [e.routeId, e.directionId])).toEqual([['NTH', 0]]);

    await lift(applied.id);
    expect(await update('WD-0700')).toBeUndefined();
    expect(calls(await update('WD-0600'))).toEqual([['EER', SCHEDULED, 300]]);
  });

  it('refuses a short turn a selected train cannot make, names the trains, and saves nothing', async () => {
    const disruptions = async () =>
      ((await (await controller.get('/feed/disruptions')).json()) as unknown[]).length;
    const recorded = await disruptions();
    const refused = async (body: object, description: string) => {
      const res = await post({ serviceDate: '20250923', reason: 'x', ...body });
      expect(res.status).toBe(400);
      expect((await res.json()).description).toBe(description);
    };
    const both = { tripIds: ['WD-0600', 'WD-9001'] };
    await refused(
      { select: both, action: { type: 'short_turn', stopId: 'BLV', at: 'end' } },
      'Trip WD-9001 does not call at Bellville (BLV): leave them out of the selection (pick the direction or the trips) or choose a stop they call at.',
    );
    await refused(
      {
        select: { routeId: 'NTH', directionId: 0 },
        action: { type: 'short_turn', stopId: 'CPT', at: 'end' },
      },
      'Trips WD-0600, WD-0700, WD-0800 already terminate at Cape Town (CPT): a short turn there changes nothing; choose a stop before it or leave them out.',
    );
    await refused(
      { select: { tripIds: ['WD-0600'] }, action: { type: 'short_turn', stopId: 'EER', at: 'start' } },
      'Trip WD-0600 already starts from Eerste River (EER): a short turn there changes nothing; choose a stop after it or leave them out.',
    );
    await refused(
      { select: { tripIds: ['WD-0600'] }, action: { type: 'short_turn', stopId: 'EER', at: 'end' } },
      'Trip WD-0600 would have nothing left to run if they terminate at Eerste River (EER), where they start: cancel them instead.',
    );
    await refused(
      { select: both, action: { type: 'short_turn', stopId: 'NOPE', at: 'end' } },
      "Stop 'NOPE' is not in the current schedule: name a stop the trains call at in action.stopId.",
    );
    await refused(
      { select: both, action: { type: 'short_turn', stopId: 'BLV' } },
      'Say where the trains turn in action.at: "end" (they terminate at action.stopId) or "start" (they start from it).',
    );
    await refused(
      { select: both, action: { type: 'short_turn', at: 'end' } },
      'Name the stop the trains turn at in action.stopId.',
    );
    // Not a value the schema knows: the validation says which field.
    const middle = await post({ select: both, action: { type: 'short_turn', stopId: 'BLV', at: 'middle' } });
    expect(middle.status).toBe(400);
    expect((await middle.json()).description).toMatch(/at/);
    // tRPC answers the same.
    const trpc = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      serviceDate: '20250923',
      select: both,
      action: { type: 'short_turn', stopId: 'BLV', at: 'end' },
      dryRun: true,
    });
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain('Trip WD-9001 does not call at Bellville (BLV)');
    expect((await served('/feed/updates')).entity).toEqual([]);
    expect(await disruptions()).toBe(recorded);
  });

  it('set down only and pick up only: NONE at the stop for the trains calling there, the others left out; lifts restore', async () => {
    expect((await delayAtStart('WD-0600')).status).toBe(200);
    const before = await livePb('WD-0600');
    const setDown = await apply({
      select: { tripIds: ['WD-0600', 'WD-0700', 'WD-9001'] },
      action: { type: 'set_down_only', stopId: 'BLV' },
      alert: true,
    });
    expect(setDown.trips.map((trip) => trip.tripId)).toEqual(['WD-0600', 'WD-0700']);
    const pickUp = await apply({
      select: { tripIds: ['WD-0650'] },
      action: { type: 'pick_up_only', stopId: 'BLV' },
    });
    const restricted = async (tripId: string) =>
      (await update(tripId))!.stopTimeUpdate!.map((u) => [
        u.stopId,
        u.departure?.delay ?? null,
        u.stopTimeProperties?.pickupType ?? 0,
        u.stopTimeProperties?.dropOffType ?? 0,
      ]);
    expect(await restricted('WD-0600')).toEqual([
      ['EER', 300, 0, 0],
      ['BLV', 300, NONE, 0],
    ]);
    expect(await restricted('WD-0700')).toEqual([['BLV', 0, NONE, 0]]);
    expect(await restricted('WD-0650')).toEqual([['BLV', 0, 0, NONE]]);
    expect(await update('WD-9001')).toBeUndefined();
    const alert = (await served('/feed/alerts')).entity[0]!.alert!;
    expect(alert.informedEntity!.map((e) => [e.trip?.tripId, e.stopId])).toEqual([
      ['WD-0600', 'BLV'],
      ['WD-0700', 'BLV'],
    ]);
    expect(alert.headerText!.translation![0]!.text).toBe('Bellville Platform 1: trains set down only');

    const missing = await post({ serviceDate: '20250923', reason: 'x', action: { type: 'pick_up_only' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).description).toBe(
      'Name the stop in action.stopId: riders may only board there.',
    );

    // A stop no selected train calls at (or no stop of the schedule) leaves nothing to change.
    const nowhere = await post({
      serviceDate: '20250923',
      reason: 'x',
      select: { tripIds: ['WD-0600'] },
      action: { type: 'set_down_only', stopId: 'NOPE' },
    });
    expect(nowhere.status).toBe(400);
    expect((await nowhere.json()).description).toBe(
      'No trip runs on 20250923 matching trips WD-0600, calling at NOPE: widen the selection or pick another date.',
    );

    await lift(pickUp.id);
    expect(await update('WD-0650')).toBeUndefined();
    await lift(setDown.id);
    expect(Buffer.compare(before!, (await livePb('WD-0600'))!)).toBe(0);
    expect(await update('WD-0700')).toBeUndefined();
  });

  it('lifting an earlier disruption applies a later short turn again, headsign included', async () => {
    const delay = await apply({
      select: { tripIds: ['WD-0800'] },
      action: { type: 'delay', minutes: 5 },
    });
    const turn = await apply({
      select: { tripIds: ['WD-0800'] },
      action: { type: 'short_turn', stopId: 'BLV', at: 'end' },
    });
    expect(calls(await update('WD-0800'))).toEqual([
      ['EER', SCHEDULED, 300],
      ['CPT', SKIPPED, null],
    ]);
    await lift(delay.id);
    const left = await update('WD-0800');
    expect(calls(left)).toEqual([['CPT', SKIPPED, null]]);
    expect(left!.tripProperties?.tripHeadsign).toBe('Bellville');
    await lift(turn.id);
    expect(await update('WD-0800')).toBeUndefined();
  });
});
