import { encodeFeedMessage } from '@feeddesk/proto';
import { invariantErrors } from '@feeddesk/server/consistency/keep-feed-invariants';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_ZONE, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;

/** Friday 26 September 2025 and the Saturday after, on the Los Angeles line (far from Johannesburg). */
const FRIDAY = '20250926';
const SATURDAY = '20250927';
/** POSIX seconds of a local time on the line. */
const local = (date: string, hhmm: string) =>
  wallTime(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`, hhmm, PENINSULA_ZONE).getTime() / 1000;

/**
 * The peninsula line with a bus route and a night train N1 running every day: Gilroy 23:30, San
 * Martin 23:39, Morgan Hill 23:45, San Jose Diridon 24:10, Hayward Park 24:50, San Francisco 25:15.
 * At 00:10 on Saturday Friday's N1 is at San Jose, still running (docs/architecture.md "The
 * operating day").
 */
function nightLine() {
  const feed = peninsulaLine();
  feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
  feed.get('calendar.txt')!.rows.push(['DAILY', '1', '1', '1', '1', '1', '1', '1', '20250101', '20261231']);
  feed.get('trips.txt')!.rows.push(['LOC', 'DAILY', 'N1', 'N1', '0']);
  feed
    .get('stop_times.txt')!
    .rows.push(
      ['N1', '23:30:00', '23:30:00', 'GIL', '1'],
      ['N1', '23:39:00', '23:39:00', 'SMN', '2'],
      ['N1', '23:45:00', '23:45:00', 'MHL', '3'],
      ['N1', '24:10:00', '24:10:00', 'SJD', '4'],
      ['N1', '24:50:00', '24:50:00', 'HWP', '5'],
      ['N1', '25:15:00', '25:15:00', 'SFC', '6'],
    );
  return feed;
}

type Applied = {
  id: string;
  alertId: string | null;
  serviceDate: string;
  trips: { tripId: string; startDate: string }[];
  replacementTrips?: { tripId: string; replacesTripId: string }[];
  continuingTrips?: { tripId: string; continuesTripId: string }[];
  connections?: { tripId: string; kind: string; trainTime: string; busTime: string; minutes: number }[];
};

/**
 * Replacement buses after midnight (docs/contract-notes.md "Dated trips and disruptions"): the bus
 * for Friday's night train, selected at 00:10 on Saturday, is a run of Friday's service day.
 */
describe('replacement buses for a night train after midnight', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: nightLine(),
      sourceKind: 'zip',
      sourceName: 'night.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.now = wallTime('2025-09-27', '00:10', PENINSULA_ZONE);
    const res = await controller.get('/feed/disruptions');
    for (const d of (await res.json()) as { id: string; active: boolean }[])
      if (d.active)
        expect((await controller.fetch(`/feed/disruptions/${d.id}`, { method: 'DELETE' })).status).toBe(200);
    await clearLiveFeeds(t);
  });

  const post = async (body: unknown) => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as Applied;
  };
  const lift = async (id: string) =>
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);
  const served = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const times = (e: GtfsRealtimeBindings.transit_realtime.IFeedEntity | undefined) =>
    e?.tripUpdate?.stopTimeUpdate?.map((u) => [u.stopId, Number(u.arrival?.time), Number(u.departure?.time)]);

  it("dates the bus of Friday's train, named at 00:10 on Saturday, by Friday and times it after the train", async () => {
    // Riders leave Friday's N1 at San Jose (24:10 = Saturday 00:10) for a bus to Hayward Park.
    const applied = await post({
      select: { tripIds: ['N1'] },
      action: {
        type: 'replace_by_bus',
        fromStopId: 'SJD',
        toStopId: 'HWP',
        routeId: 'BUS',
        marginMinutes: 5,
      },
      reason: 'Signal failure',
      alert: true,
    });
    expect(applied.trips.map((x) => [x.tripId, x.startDate])).toEqual([['N1', FRIDAY]]);
    expect(applied.replacementTrips).toEqual([{ tripId: `N1-bus-${FRIDAY}`, replacesTripId: 'N1' }]);
    expect(applied.continuingTrips).toEqual([{ tripId: `N1-after-${FRIDAY}`, continuesTripId: 'N1' }]);
    // As the timetable writes the night: past 24:00 of Friday's service day.
    expect(applied.connections?.map((c) => [c.kind, c.trainTime, c.busTime, c.minutes])).toEqual([
      ['to_bus', '24:10', '24:15', 5],
      ['to_train', '25:10', '25:05', 5],
    ]);

    const entities = await served();
    const bus = entities.find((e) => e.tripUpdate?.trip?.tripId === `N1-bus-${FRIDAY}`);
    expect(bus?.tripUpdate?.trip).toMatchObject({ routeId: 'BUS', startDate: FRIDAY });
    // It leaves San Jose five minutes after the train arrives there (Saturday 00:10), not a day later.
    expect(times(bus)).toEqual([
      ['SJD', local(SATURDAY, '00:15'), local(SATURDAY, '00:15')],
      ['HWP', local(SATURDAY, '01:05'), local(SATURDAY, '01:05')],
    ]);
    const after = entities.find((e) => e.tripUpdate?.trip?.tripId === `N1-after-${FRIDAY}`);
    expect(after?.tripUpdate?.trip).toMatchObject({ routeId: 'LOC', startDate: FRIDAY });
    expect(times(after)).toEqual([
      ['HWP', local(SATURDAY, '01:10'), local(SATURDAY, '01:10')],
      ['SFC', local(SATURDAY, '01:35'), local(SATURDAY, '01:35')],
    ]);
    // The train's part before is Friday's run too.
    const train = entities.find((e) => e.tripUpdate?.trip?.tripId === 'N1');
    expect(train?.tripUpdate?.trip?.startDate).toBe(FRIDAY);
    // The alert's impact is Friday night's, from the train's 23:30 until the part after ends at
    // 01:35, not Saturday evening's.
    const alerts = rt.FeedMessage.decode(
      new Uint8Array(await (await t.client().get('/feed/alerts')).arrayBuffer()),
    ).entity;
    const alert = alerts.find((e) => e.id === applied.alertId)?.alert;
    expect(alert?.impactPeriod?.map((p) => [Number(p.start), Number(p.end)])).toEqual([
      [local(FRIDAY, '23:30'), local(SATURDAY, '01:35')],
    ]);
    expect(alert?.informedEntity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ trip: expect.objectContaining({ startDate: FRIDAY }) }),
      ]),
    );
    await lift(applied.id);
    expect(await served()).toEqual([]);
  });

  it("keeps each run's own date when a window after midnight takes Friday's train and an explicit date is given", async () => {
    // The window 00:00–01:00 of Saturday at San Jose takes Friday's N1 (there at 24:10), not Saturday's (at 24:10 of Saturday).
    const applied = await post({
      serviceDate: SATURDAY,
      select: { stopId: 'SJD', from: '00:00', to: '01:00' },
      action: {
        type: 'replace_by_bus',
        fromStopId: 'SJD',
        toStopId: 'HWP',
        routeId: 'BUS',
        marginMinutes: 5,
      },
      reason: 'Signal failure',
    });
    expect(applied.trips.map((x) => [x.tripId, x.startDate])).toEqual([['N1', FRIDAY]]);
    const bus = (await served()).find((e) => e.tripUpdate?.trip?.tripId === `N1-bus-${FRIDAY}`);
    expect(bus?.tripUpdate?.trip?.startDate).toBe(FRIDAY);
    expect(times(bus)?.[0]).toEqual(['SJD', local(SATURDAY, '00:15'), local(SATURDAY, '00:15')]);
    await lift(applied.id);
  });

  it("times the buses of Friday's and Saturday's runs of one train each after its own run, late as it runs", async () => {
    // Friday's N1 runs 10 minutes late from Gilroy (San Martin 23:49); Saturday's is on time.
    const late = await postEntity(controller, '/feed/trip_update', {
      id: 'N1-late',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: FRIDAY },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'GIL', departure: { delay: 600 } }],
      },
    });
    expect(late.status).toBe(200);
    // San Jose from 00:00 to 24:30 of Saturday: Friday's N1 at 00:10 and Saturday's at 24:10.
    const applied = await post({
      serviceDate: SATURDAY,
      select: { stopId: 'SJD', from: '00:00', to: '24:30' },
      action: {
        type: 'replace_by_bus',
        fromStopId: 'SMN',
        toStopId: 'SJD',
        routeId: 'BUS',
        marginMinutes: 5,
      },
      reason: 'Signal failure',
    });
    expect(applied.trips.map((x) => [x.tripId, x.startDate])).toEqual([
      ['N1', FRIDAY],
      ['N1', SATURDAY],
    ]);
    expect(applied.replacementTrips).toEqual([
      { tripId: `N1-bus-${FRIDAY}`, replacesTripId: 'N1' },
      { tripId: `N1-bus-${SATURDAY}`, replacesTripId: 'N1' },
    ]);
    const entities = await served();
    const busOf = (date: string) => entities.find((e) => e.tripUpdate?.trip?.tripId === `N1-bus-${date}`);
    // Each bus leaves San Martin 5 minutes after its own run arrives: Friday's waits for the late train.
    expect(times(busOf(FRIDAY))?.[0]).toEqual(['SMN', local(FRIDAY, '23:54'), local(FRIDAY, '23:54')]);
    expect(times(busOf(SATURDAY))?.[0]).toEqual(['SMN', local(SATURDAY, '23:44'), local(SATURDAY, '23:44')]);
    expect(busOf(FRIDAY)?.tripUpdate?.trip?.startDate).toBe(FRIDAY);
    expect(busOf(SATURDAY)?.tripUpdate?.trip?.startDate).toBe(SATURDAY);
    await lift(applied.id);
  });

  type Finding = { code: string; severity: string; entityIds: string[]; message: string };
  const findings = async (): Promise<Finding[]> => (await controller.get('/feed/consistency')).json();
  const busFindings = async () => (await findings()).filter((f) => f.code.startsWith('replacement_'));
  const SECTION = {
    type: 'replace_by_bus',
    fromStopId: 'SJD',
    toStopId: 'HWP',
    routeId: 'BUS',
    marginMinutes: 5,
  };

  it('never makes a bus on a rail route nor a missed connection, after midnight and across it', async () => {
    // Friday's N1 runs 10 minutes late; a window after midnight takes Friday's and Saturday's runs,
    // without a margin: Friday's bus must still wait for its own late train.
    const late = await postEntity(controller, '/feed/trip_update', {
      id: 'N1-late',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: FRIDAY },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'GIL', departure: { delay: 600 } }],
      },
    });
    expect(late.status).toBe(200);
    const made = [
      await post({
        serviceDate: SATURDAY,
        select: { stopId: 'SJD', from: '00:00', to: '24:30' },
        action: { ...SECTION, fromStopId: 'SMN', toStopId: 'SJD', marginMinutes: 0 },
        reason: 'b',
      }),
    ];
    expect(made[0]!.replacementTrips).toHaveLength(2);
    // Friday's morning trains: their buses and parts after, held for them.
    made.push(
      await post({
        serviceDate: FRIDAY,
        select: { tripIds: ['301', '303', '305', '307'] },
        action: { ...SECTION, fromStopId: 'GIL', toStopId: 'MHL', marginMinutes: 12 },
        reason: 'c',
      }),
    );
    expect(await busFindings()).toEqual([]);
    for (const d of made.reverse()) await lift(d.id);
  });

  it('refuses a bus on a rail route, saying what to fix, and reports a connection a later delay or a new timetable breaks', async () => {
    const applied = await post({ select: { tripIds: ['N1'] }, action: SECTION, reason: 'Signal failure' });
    expect(await busFindings()).toEqual([]);
    const busId = `N1-bus-${FRIDAY}`;
    // The bus edited onto the rail route: refused.
    const bus = (await served()).find((e) => e.id === busId)!;
    const onRail = await postEntity(controller, '/feed/trip_update', {
      id: busId,
      tripUpdate: {
        trip: { tripId: busId, routeId: 'LOC', startDate: FRIDAY, scheduleRelationship: NEW },
        stopTimeUpdate: bus.tripUpdate!.stopTimeUpdate!.map((u) => ({
          stopSequence: u.stopSequence!,
          stopId: u.stopId!,
          arrival: { time: Number(u.arrival!.time) },
          departure: { time: Number(u.departure!.time) },
        })),
      },
    });
    expect(onRail.status).toBe(422);
    const railRefusal = (await onRail.json()) as {
      details: { notices: { code: string; message: string }[] };
    };
    expect(railRefusal.details.notices).toEqual([
      expect.objectContaining({
        code: 'replacement_bus_on_rail_route',
        message: `Replacement bus ${busId} for train N1 (${FRIDAY}) runs on route 'LOC', whose route_type is 2, not a bus route: riders' apps would show it as a train. Give it a bus route (route_type 3), or lift the disruption and replace the trains again on one.`,
      }),
    ]);
    expect(await busFindings()).toEqual([]);

    // A new timetable: the bus route becomes a rail route and N1 reaches San Jose at 24:20.
    const feed = nightLine();
    const busRoute = feed.get('routes.txt')!.rows.find((r) => r[0] === 'BUS')!;
    busRoute[4] = '2';
    const atSanJose = feed.get('stop_times.txt')!.rows.find((r) => r[0] === 'N1' && r[3] === 'SJD')!;
    atSanJose[1] = '24:20:00';
    atSanJose[2] = '24:20:00';
    const store = (version: ReturnType<typeof nightLine>) =>
      storeScheduleVersion(t.deps, {
        feed: version,
        sourceKind: 'zip',
        sourceName: 'night.zip',
        uploadedBy: null,
        jobId: null,
      });
    await store(feed);
    expect((await busFindings()).map((f) => [f.code, f.severity, f.entityIds])).toEqual([
      ['replacement_connection_missed', 'error', [busId]],
      ['replacement_bus_on_rail_route', 'error', [busId]],
    ]);
    // Every act's own check finds the invariant too (the connection is reported, not refused).
    expect((await invariantErrors(t.deps)).map((f) => [f.code, f.entityIds])).toEqual([
      ['replacement_bus_on_rail_route', [busId]],
    ]);
    await store(nightLine());
    expect(await busFindings()).toEqual([]);

    // Friday's N1 reported 10 minutes late at San Jose (00:20) by a controller: its bus now waits
    // for it, leaving 00:25 (docs/contract-notes.md "Replacement buses wait for their trains").
    const lateAt = (delay: number) => ({
      id: `N1-${FRIDAY}`,
      tripUpdate: {
        trip: { tripId: 'N1', startDate: FRIDAY },
        stopTimeUpdate: [{ stopSequence: 4, stopId: 'SJD', arrival: { delay } }],
      },
    });
    const late = await postEntity(controller, '/feed/trip_update', lateAt(600));
    expect(late.status).toBe(200);
    expect(await busFindings()).toEqual([]);
    expect(times((await served()).find((e) => e.id === busId))?.[0]).toEqual([
      'SJD',
      local(SATURDAY, '00:25'),
      local(SATURDAY, '00:25'),
    ]);
    // The same train pushed 20 minutes late (00:30) by a CAD system, whose push carries no
    // consequences: the truth is published, and the consistency screen says its bus, leaving
    // 00:25, goes without its riders.
    const pushed = await controller.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from(
        encodeFeedMessage({
          header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(t.clock.now!.getTime() / 1000) },
          entity: [lateAt(1200)],
        }),
      ),
    });
    expect(pushed.status).toBe(200);
    expect(await busFindings()).toEqual([
      {
        code: 'replacement_connection_missed',
        severity: 'error',
        entityIds: [busId],
        message: `Riders miss the connection of ${FRIDAY}: train N1 arrives at SJD at 00:30 and its replacement bus ${busId} leaves at 00:25, less than the 5 minutes they need to change. Delay the bus, or lift the disruption and replace the train again (its bus then waits for it as late as it runs).`,
      },
    ]);
    await lift(applied.id);
    expect(await busFindings()).toEqual([]);
  });
});
