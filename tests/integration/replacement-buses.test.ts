import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_ZONE, pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;
const DELETED = rt.TripDescriptor.ScheduleRelationship.DELETED;
const NONE = rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const DATE = '20250923';
/** POSIX seconds of a local time of Tuesday 23 September 2025 on the Los Angeles line. */
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;

/**
 * The peninsula line (America/Los_Angeles, far from the product's Johannesburg) with a bus route,
 * a short train S9 running only San Martin → San Jose Diridon, and a train X1 that calls at San
 * Martin but not at San Jose.
 */
function lineWithBuses() {
  const feed = peninsulaLine();
  feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
  feed.get('trips.txt')!.rows.push(['LOC', 'WD', 'S9', 'S9', '0'], ['LOC', 'WD', 'X1', 'X1', '0']);
  feed
    .get('stop_times.txt')!
    .rows.push(
      ['S9', '07:00:00', '07:00:00', 'SMN', '1'],
      ['S9', '07:06:00', '07:06:00', 'MHL', '2'],
      ['S9', '07:31:00', '07:31:00', 'SJD', '3'],
      ['X1', '06:10:00', '06:10:00', 'GIL', '1'],
      ['X1', '06:19:00', '06:19:00', 'SMN', '2'],
    );
  return feed;
}

type Applied = {
  id: string | null;
  count: number;
  trips: { tripId: string }[];
  replacementTrips?: { tripId: string; replacesTripId: string }[];
  continuingTrips?: { tripId: string; continuesTripId: string }[];
  connections?: Record<string, unknown>[];
  alertId: string | null;
  refusals?: unknown[];
};

const SECTION = {
  type: 'replace_by_bus',
  fromStopId: 'SMN',
  toStopId: 'SJD',
  routeId: 'BUS',
  marginMinutes: 5,
};

/**
 * Trains replaced by buses between San Martin and San Jose Diridon as one
 * disruption; every served feed read back with MobilityData's gtfs-realtime-bindings.
 */
describe('replace_by_bus disruptions', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: lineWithBuses(),
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());

  beforeEach(async () => {
    for (const d of await list())
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
  const list = async () => {
    const res = await controller.get('/feed/disruptions');
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as {
      id: string;
      active: boolean;
      trips: { tripId: string }[];
      action: Record<string, unknown>;
      replacementTrips?: { tripId: string; replacesTripId: string }[];
      continuingTrips?: { tripId: string; continuesTripId: string }[];
    }[];
  };
  const served = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const tripOf = async (tripId: string) =>
    (await served()).find((e) => e.tripUpdate?.trip?.tripId === tripId);
  /** Every served entity's bytes, by id. */
  const bytes = async () =>
    Object.fromEntries(
      (await served()).map((e) => [e.id, Buffer.from(rt.FeedEntity.encode(e).finish()).toString('hex')]),
    );

  it('ends each train at the section, runs a NEW bus on the bus route and a NEW part after held for it, and deletes a train wholly inside', async () => {
    // Train 303 already runs 5 minutes late: the disruption merges with that update, and its bus waits.
    const late = await postEntity(controller, '/feed/trip_update', {
      id: '303-late',
      tripUpdate: {
        trip: { tripId: '303', startDate: DATE },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'GIL', departure: { delay: 300 } }],
      },
    });
    expect(late.status).toBe(200);
    const before = await bytes();

    const preview = await post({
      serviceDate: DATE,
      select: { routeId: 'LOC' },
      action: SECTION,
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    const dry = (await preview.json()) as Applied;
    // X1 does not reach San Jose: not selected. The dry run lists the buses it would add.
    expect(dry.trips.map((trip) => trip.tripId)).toEqual(['301', '303', 'S9', '305', '307']);
    expect(dry.replacementTrips).toEqual([
      { tripId: `301-bus-${DATE}`, replacesTripId: '301' },
      { tripId: `303-bus-${DATE}`, replacesTripId: '303' },
      { tripId: `S9-bus-${DATE}`, replacesTripId: 'S9' },
      { tripId: `305-bus-${DATE}`, replacesTripId: '305' },
      { tripId: `307-bus-${DATE}`, replacesTripId: '307' },
    ]);
    expect(dry.continuingTrips).toEqual(
      ['301', '303', '305', '307'].map((train) => ({
        tripId: `${train}-after-${DATE}`,
        continuesTripId: train,
      })),
    );
    // The dry run shows each connection: 301 reaches San Martin 06:38, its bus leaves 06:43 and is
    // at San Jose 07:24 (the train's 31 minutes and 10 more); the part after, timetabled 07:09,
    // leaves 07:29, 20 minutes late. 303, 5 minutes late, has its bus wait for it.
    expect(dry.connections?.filter((c) => c.tripId !== 'S9').slice(0, 4)).toEqual([
      {
        tripId: '301',
        busTripId: `301-bus-${DATE}`,
        stopId: 'SMN',
        stopName: 'San Martin',
        kind: 'to_bus',
        trainTime: '06:38',
        busTime: '06:43',
        minutes: 5,
        heldMinutes: 0,
      },
      {
        tripId: '301',
        busTripId: `301-bus-${DATE}`,
        stopId: 'SJD',
        stopName: 'San Jose Diridon',
        kind: 'to_train',
        trainTime: '07:29',
        busTime: '07:24',
        minutes: 5,
        heldMinutes: 20,
      },
      expect.objectContaining({ tripId: '303', kind: 'to_bus', trainTime: '07:13', busTime: '07:18' }),
      expect.objectContaining({ tripId: '303', kind: 'to_train', trainTime: '08:04', busTime: '07:59' }),
    ]);
    expect(dry.connections?.filter((c) => c.tripId === 'S9')).toEqual([]);
    expect(dry.refusals).toEqual([]);
    expect(await bytes()).toEqual(before);

    const res = await post({
      serviceDate: DATE,
      select: { routeId: 'LOC' },
      action: SECTION,
      reason: 'Track works',
      alert: true,
    });
    expect(res.status).toBe(200);
    const applied = (await res.json()) as Applied;
    expect(applied.replacementTrips).toEqual(dry.replacementTrips);
    expect(applied.connections).toEqual(dry.connections);
    const alerts = rt.FeedMessage.decode(
      new Uint8Array(await (await t.client().get('/feed/alerts')).arrayBuffer()),
    ).entity;
    const alert = alerts.find((e) => e.id === applied.alertId)?.alert;
    expect(alert?.headerText?.translation?.[0]?.text).toContain('between San Martin and San Jose Diridon');

    // The train's part before ends at San Martin: nobody boards there, and it never claims to reach
    // a later stop (every one SKIPPED, not only closed to alighting).
    const train = (await tripOf('301'))!.tripUpdate!;
    expect(train.stopTimeUpdate!.map((u) => [u.stopSequence, u.stopId, u.scheduleRelationship ?? 0])).toEqual(
      [
        [2, 'SMN', 0],
        [3, 'MHL', SKIPPED],
        [4, 'SJD', SKIPPED],
        [5, 'HWP', SKIPPED],
        [6, 'SFC', SKIPPED],
      ],
    );
    expect(train.stopTimeUpdate![0]!.stopTimeProperties?.pickupType).toBe(NONE);
    expect(train.tripProperties?.tripHeadsign).toBe('San Martin');
    // 303 keeps its delay, carried to the end of its part before.
    const late303 = (await tripOf('303'))!.tripUpdate!;
    expect(late303.stopTimeUpdate!.find((u) => u.stopId === 'GIL')?.departure?.delay).toBe(300);
    expect(late303.stopTimeUpdate!.find((u) => u.stopId === 'SMN')?.arrival?.delay).toBe(300);
    // S9 runs only inside the section: it does not run.
    expect((await tripOf('S9'))!.tripUpdate!.trip!.scheduleRelationship).toBe(DELETED);
    expect(await tripOf('X1')).toBeUndefined();

    // The bus: NEW on the bus route BUS (route_type 3), leaving San Martin 5 minutes after the train arrives.
    const bus = (await tripOf(`301-bus-${DATE}`))!;
    expect(bus.id).toBe(`301-bus-${DATE}`);
    expect(bus.tripUpdate!.trip).toMatchObject({
      routeId: 'BUS',
      startDate: DATE,
      scheduleRelationship: NEW,
    });
    expect(bus.tripUpdate!.tripProperties?.tripHeadsign).toBe('San Jose Diridon');
    const times = (e: typeof bus) =>
      e.tripUpdate!.stopTimeUpdate!.map((u) => [
        u.stopSequence,
        u.stopId,
        Number(u.arrival?.time),
        Number(u.departure?.time),
      ]);
    expect(times(bus)).toEqual([
      [1, 'SMN', at('06:43'), at('06:43')],
      [2, 'MHL', at('06:51'), at('06:51')],
      [3, 'SJD', at('07:24'), at('07:24')],
    ]);
    // The train's part after: NEW on the train's route, leaving San Jose 5 minutes after the bus
    // arrives (20 minutes later than timetabled, and as late after), nobody alighting where it starts.
    const after = (await tripOf(`301-after-${DATE}`))!;
    expect(after.tripUpdate!.trip).toMatchObject({
      routeId: 'LOC',
      startDate: DATE,
      scheduleRelationship: NEW,
    });
    expect(after.tripUpdate!.tripProperties?.tripHeadsign).toBe('San Francisco');
    expect(times(after)).toEqual([
      [1, 'SJD', at('07:29'), at('07:29')],
      [2, 'HWP', at('08:09'), at('08:09')],
      [3, 'SFC', at('08:34'), at('08:34')],
    ]);
    expect(after.tripUpdate!.stopTimeUpdate![0]!.stopTimeProperties?.dropOffType).toBe(NONE);
    // The bus of the deleted short train runs all of it, leaving with the train.
    const shortBus = (await tripOf(`S9-bus-${DATE}`))!.tripUpdate!;
    expect(shortBus.stopTimeUpdate!.map((u) => Number(u.departure?.time))).toEqual([
      at('07:00'),
      at('07:08'),
      at('07:41'),
    ]);
    expect(PENINSULA_ZONE).toBe('America/Los_Angeles');

    // The trains list shows the buses as new trips.
    const listed = await controller.trpc('query', 'feed.list', { kind: 'trip_update' });
    const rows = listed.body.result.data as { id: string; state: string }[];
    expect(rows.find((r) => r.id === `301-bus-${DATE}`)?.state).toBe('new');

    const [disruption] = await list();
    expect(disruption!.trips.map((trip) => trip.tripId).sort()).toEqual(['301', '303', '305', '307', 'S9']);
    expect(disruption!.replacementTrips).toEqual(
      expect.arrayContaining([{ tripId: `305-bus-${DATE}`, replacesTripId: '305' }]),
    );
    expect(disruption!.replacementTrips).toHaveLength(5);
    expect(disruption!.continuingTrips).toHaveLength(4);

    // Lifting removes the buses and the parts after and restores every train: the served entities
    // are those of before, byte for byte.
    expect((await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(await bytes()).toEqual(before);
  });

  it('refuses a rail route for the buses with a sentence, and changes nothing', async () => {
    const before = await bytes();
    const res = await post({
      serviceDate: DATE,
      select: { routeId: 'LOC' },
      action: { ...SECTION, routeId: 'LOC' },
      reason: 'x',
      dryRun: true,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { description?: string; message?: string };
    expect(body.description ?? body.message).toBe(
      'Route \'LOC\' (L) is not a bus route (its route_type is 2): replacement buses run on a bus route (route_type 3). Choose one in action.routeId, or plan the works ahead in the schedule (publishAs "schedule") without a route to have a replacement-bus route added.',
    );
    expect(await bytes()).toEqual(before);
  });

  it('gives each bus a trip id of its own when an earlier one is still in force', async () => {
    const first = await post({
      serviceDate: DATE,
      select: { tripIds: ['305'] },
      action: SECTION,
      reason: 'a',
    });
    expect(first.status).toBe(200);
    const second = await post({
      serviceDate: DATE,
      select: { tripIds: ['305'] },
      action: { ...SECTION, fromStopId: 'SJD', toStopId: 'SFC' },
      reason: 'b',
    });
    expect(second.status).toBe(200);
    expect(((await second.json()) as Applied).replacementTrips).toEqual([
      { tripId: `305-bus-${DATE}-2`, replacesTripId: '305' },
    ]);
    const train = (await tripOf('305'))!.tripUpdate!;
    // The train already ends at San Martin: it stays so, never claiming a stop after it.
    expect(
      train.stopTimeUpdate!.filter((u) => u.scheduleRelationship === SKIPPED).map((u) => u.stopId),
    ).toEqual(['MHL', 'SJD', 'HWP', 'SFC']);
    expect(train.tripProperties?.tripHeadsign).toBe('San Martin');
  });

  it('overlaps with a delay either way: lifting one keeps the other, lifting both restores the feed', async () => {
    const before = await bytes();
    const delay = async () => {
      const res = await post({
        serviceDate: DATE,
        select: { tripIds: ['301'] },
        action: { type: 'delay', minutes: 5 },
        reason: 'slow',
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Applied).id!;
    };
    const buses = async () => {
      const res = await post({
        serviceDate: DATE,
        select: { tripIds: ['301'] },
        action: SECTION,
        reason: 'works',
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Applied).id!;
    };
    const lift = async (id: string) =>
      expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);
    const train = async () => (await tripOf('301'))?.tripUpdate;

    // Buses first, then a delay; lifting the buses replays the delay alone on the train.
    const first = await buses();
    const late = await delay();
    await lift(first);
    expect(await tripOf(`301-bus-${DATE}`)).toBeUndefined();
    const delayed = (await train())!;
    expect(delayed.stopTimeUpdate!.some((u) => u.scheduleRelationship === SKIPPED)).toBe(false);
    expect(delayed.stopTimeUpdate![0]!.departure?.delay).toBe(300);
    await lift(late);
    expect(await bytes()).toEqual(before);

    // A delay first, then buses; lifting the delay replays the buses' section on the train, the bus stays.
    const slow = await delay();
    const second = await buses();
    await lift(slow);
    const replaced = (await train())!;
    expect(replaced.stopTimeUpdate!.find((u) => u.stopId === 'MHL')?.scheduleRelationship).toBe(SKIPPED);
    expect(replaced.stopTimeUpdate!.find((u) => u.stopId === 'SMN')?.stopTimeProperties?.pickupType).toBe(
      NONE,
    );
    expect(replaced.stopTimeUpdate!.find((u) => u.stopId === 'SMN')?.arrival?.delay ?? 0).toBe(0);
    expect(await tripOf(`301-bus-${DATE}`)).toBeDefined();
    await lift(second);
    expect(await bytes()).toEqual(before);
  });

  it('refuses what cannot be done, saying what to fix, and changes nothing', async () => {
    const before = await bytes();
    const refused = async (action: object, select: object = { routeId: 'LOC' }) => {
      const res = await post({ serviceDate: DATE, select, action, reason: 'x' });
      const body = (await res.json()) as { description?: string; message?: string };
      return { status: res.status, text: body.description ?? body.message ?? JSON.stringify(body) };
    };
    expect(await refused({ ...SECTION, routeId: 'NOPE' })).toEqual({
      status: 400,
      text: expect.stringContaining("The schedule has no route 'NOPE'"),
    });
    expect(await refused({ ...SECTION, toStopId: 'SMN' })).toEqual({
      status: 400,
      text: expect.stringContaining('name the two different stops'),
    });
    expect(await refused({ ...SECTION, fromStopId: 'ATLANTIS' })).toEqual({
      status: 400,
      text: expect.stringContaining("The schedule has no stop 'ATLANTIS'"),
    });
    for (const margin of [-5, 100_000, 'x', 2.5])
      expect(await refused({ ...SECTION, marginMinutes: margin })).toEqual({
        status: 400,
        text: expect.stringContaining('marginMinutes'),
      });
    expect(await refused({ type: 'replace_by_bus', fromStopId: 'SMN' })).toEqual({
      status: 400,
      text: expect.stringContaining('action.toStopId, action.routeId'),
    });
    // X1 calls at San Martin only.
    expect(await refused(SECTION, { tripIds: ['X1'] })).toEqual({
      status: 400,
      text: expect.stringContaining('calling at both SMN and SJD'),
    });
    expect(await bytes()).toEqual(before);
    expect((await list()).filter((d) => d.active)).toEqual([]);
  });

  it('runs the buses on the bus route the operator names in its settings; a rail route is refused there', async () => {
    const admin = t.client();
    // Logged in at the real clock: a session cookie made at the line's 2025 clock would have expired.
    const lineClock = t.clock.now;
    t.clock.now = new Date();
    await admin.login(ADMIN.username, ADMIN.password);
    t.clock.now = lineClock;
    const settings = (await (await admin.get('/settings')).json()) as Record<string, unknown>;
    const put = (busRouteIds: unknown) =>
      admin.fetch('/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          languages: settings.languages,
          defaultLanguage: settings.defaultLanguage,
          urlLanguage: settings.urlLanguage,
          busRouteIds,
        }),
      });
    const refused = await put(['LOC', 'NOPE']);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { description: string }).description).toBe(
      "The schedule has no route 'NOPE': name its bus routes. 'LOC' (route_type 2) is not a bus route: replacement buses run on bus routes (route_type 3).",
    );
    // Hostile: a control character, a route named twice, far too many.
    for (const ids of [['BUS\u0000'], ['BUS', 'BUS'], Array.from({ length: 51 }, (_, i) => `R${i}`)])
      expect((await put(ids)).status).toBe(400);
    expect(((await (await admin.get('/settings')).json()) as { busRouteIds: string[] }).busRouteIds).toEqual(
      [],
    );
    expect((await put(['BUS'])).status).toBe(200);
    expect(
      ((await (await controller.get('/settings')).json()) as { busRouteIds: string[] }).busRouteIds,
    ).toEqual(['BUS']);

    // A disruption naming no route runs its buses on the operator's.
    const { routeId: _named, ...unnamed } = SECTION;
    const res = await post({
      serviceDate: DATE,
      select: { tripIds: ['307'] },
      action: unnamed,
      reason: 'works',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await tripOf(`307-bus-${DATE}`))!.tripUpdate!.trip!.routeId).toBe('BUS');
    expect((await list())[0]!.action).toMatchObject({ routeId: 'BUS' });
    expect((await put([])).status).toBe(200);
    const none = await post({
      serviceDate: DATE,
      select: { tripIds: ['305'] },
      action: unnamed,
      reason: 'x',
    });
    expect(none.status).toBe(400);
  });

  // Last: it replaces the schedule by one with 5 000 trains.
  it('replaces 5 000 trains by 5 000 buses in one bounded act, and lifts them all', async () => {
    const feed = lineWithBuses();
    const trains = Array.from({ length: 5000 }, (_, i) => `M${i}`);
    feed.get('trips.txt')!.rows.push(...trains.map((id) => ['LOC', 'WD', id, id, '1']));
    const clock = (secs: number) =>
      `${String(Math.floor(secs / 3600)).padStart(2, '0')}:${String(Math.floor(secs / 60) % 60).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`;
    feed
      .get('stop_times.txt')!
      .rows.push(
        ...trains.flatMap((id, i) =>
          ['SMN', 'MHL', 'SJD', 'HWP'].map((stop, n) => [
            id,
            clock(6 * 3600 + i * 10 + n * 600),
            clock(6 * 3600 + i * 10 + n * 600),
            stop,
            String(n + 1),
          ]),
        ),
      );
    await storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'big.zip',
      uploadedBy: null,
      jobId: null,
    });
    const select = { routeId: 'LOC', directionId: 1 };
    let started = performance.now();
    const dry = await post({ serviceDate: DATE, select, action: SECTION, dryRun: true });
    const dryMs = performance.now() - started;
    expect(dry.status).toBe(200);
    const preview = (await dry.json()) as Applied;
    expect(preview.count).toBe(5000);
    expect(preview.replacementTrips).toHaveLength(5000);
    started = performance.now();
    const res = await post({ serviceDate: DATE, select, action: SECTION, reason: 'Flood' });
    const applyMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(await served()).toHaveLength(10_000);
    started = performance.now();
    const id = ((await res.json()) as Applied).id;
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);
    const liftMs = performance.now() - started;
    expect(await served()).toEqual([]);
    console.log(
      `5 000 trains by bus: preview ${dryMs.toFixed(0)} ms, apply ${applyMs.toFixed(0)} ms, lift ${liftMs.toFixed(0)} ms`,
    );
    // Bounded: each act well within a request's patience on a 2-core machine.
    for (const ms of [dryMs, applyMs, liftMs]) expect(ms).toBeLessThan(60_000);
  }, 300_000);
});
