import { encodeFeedMessage, type FeedEntity } from '@feeddesk/proto';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_ZONE, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;

/** Tuesday 23 September 2025, Friday 26 September and the Saturday after, on the Los Angeles line. */
const TUESDAY = '20250923';
const FRIDAY = '20250926';
const SATURDAY = '20250927';
/** POSIX seconds of a local time on the line (far from the product's Johannesburg). */
const local = (date: string, hhmm: string) =>
  wallTime(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`, hhmm, PENINSULA_ZONE).getTime() / 1000;

/**
 * The peninsula line (trains 301–307 every half hour from Gilroy at 06:29; 305 is at San Martin
 * 07:38, San Jose Diridon 08:09) with a bus route, and a night train N1 every day: Gilroy 23:30,
 * San Martin 23:39, Morgan Hill 23:45, San Jose Diridon 24:10, Hayward Park 24:50, San
 * Francisco 25:15.
 */
function line() {
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

/** Buses between San Martin and San Jose Diridon, riders given 5 minutes to change at each end. */
const SECTION = {
  type: 'replace_by_bus',
  fromStopId: 'SMN',
  toStopId: 'SJD',
  routeId: 'BUS',
  marginMinutes: 5,
};

type Notice = { code: string; severity: string; entityId: string; message: string };
type Finding = { code: string; severity: string; entityIds: string[]; message: string };

/**
 * A controller's delay of a train replaced by a bus re-times its bus, and the bus holds the train's
 * part after (docs/contract-notes.md "Replacement buses wait for their trains"); every feed read
 * back as a consumer reads it, with MobilityData's gtfs-realtime-bindings.
 */
describe('replacement buses wait for their late trains', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: line(),
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.now = wallTime('2025-09-23', '06:00', PENINSULA_ZONE);
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
    return (await res.json()) as { id: string; alertId: string | null };
  };
  const lift = async (id: string) =>
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);
  const served = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const alerts = async () => {
    const res = await t.client().get('/feed/alerts');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const tripOf = async (tripId: string) =>
    (await served()).find((e) => e.tripUpdate?.trip?.tripId === tripId);
  const times = (e: GtfsRealtimeBindings.transit_realtime.IFeedEntity | undefined) =>
    e?.tripUpdate?.stopTimeUpdate?.map((u) => [u.stopId, Number(u.arrival?.time), Number(u.departure?.time)]);
  const busFindings = async () =>
    ((await (await controller.get('/feed/consistency')).json()) as Finding[]).filter((f) =>
      f.code.startsWith('replacement_'),
    );

  /**
   * The train's served update (its part before the section) with every call it still serves
   * `secs` late, as the trip update editor saves it: the skipped calls and the entry's "nobody
   * boards" kept.
   */
  const late = async (
    tripId: string,
    secs: number,
    enums: 'numbers' | 'names' = 'numbers',
  ): Promise<FeedEntity> => {
    const entity = (await tripOf(tripId))!;
    const json = rt.FeedEntity.toObject(entity as GtfsRealtimeBindings.transit_realtime.FeedEntity, {
      longs: Number,
      enums: enums === 'names' ? String : Number,
    }) as FeedEntity;
    for (const u of json.tripUpdate!.stopTimeUpdate ?? []) {
      const relationship = u.scheduleRelationship as unknown;
      if (
        relationship === 'SKIPPED' ||
        relationship === rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED
      )
        continue;
      u.arrival = { delay: secs };
      u.departure = { delay: secs };
    }
    return json;
  };
  const save = async (entity: FeedEntity) => {
    const res = await postEntity(controller, '/feed/trip_update', entity);
    const body = await res.text();
    expect(res.status, body).toBe(200);
    return (JSON.parse(body) as { warnings: Notice[] }).warnings.filter((w) =>
      w.code.startsWith('replacement_'),
    );
  };
  /** The trip update editor's save (feed.saveTripUpdate, protobuf-JSON). */
  const saveInEditor = async (entity: FeedEntity) => {
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', { entity });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.result.data as { warnings: Notice[] }).warnings.filter((w) =>
      w.code.startsWith('replacement_'),
    );
  };

  it('re-times the bus of a train saved 15 minutes late, holds the part after for it, and the lift still puts everything back', async () => {
    const applied = await post({
      select: { tripIds: ['305'] },
      action: SECTION,
      reason: 'Signal failure',
      alert: true,
    });
    const bus = `305-bus-${TUESDAY}`;
    const after = `305-after-${TUESDAY}`;
    // Its alert lasts until the part after reaches San Francisco (09:34).
    const impact = async () =>
      (await alerts())
        .find((e) => e.id === applied.alertId)
        ?.alert?.impactPeriod?.map((p) => [Number(p.start), Number(p.end)]);
    expect(await impact()).toEqual([[local(TUESDAY, '07:29'), local(TUESDAY, '09:34')]]);
    // As planned: 305 reaches San Martin at 07:38, the bus leaves at 07:43 (Morgan Hill 07:51)
    // and reaches San Jose at 08:24, and the part after leaves San Jose at 08:29 (held 20 minutes for it).
    expect(times(await tripOf(bus))).toEqual([
      ['SMN', local(TUESDAY, '07:43'), local(TUESDAY, '07:43')],
      ['MHL', local(TUESDAY, '07:51'), local(TUESDAY, '07:51')],
      ['SJD', local(TUESDAY, '08:24'), local(TUESDAY, '08:24')],
    ]);

    const told = await save(await late('305', 900));
    // 305 now reaches San Martin at 07:53: its bus leaves five minutes later, 07:58, and every
    // later call as much later.
    const busNow = await tripOf(bus);
    expect(times(busNow)).toEqual([
      ['SMN', local(TUESDAY, '07:58'), local(TUESDAY, '07:58')],
      ['MHL', local(TUESDAY, '08:06'), local(TUESDAY, '08:06')],
      ['SJD', local(TUESDAY, '08:39'), local(TUESDAY, '08:39')],
    ]);
    expect(busNow?.tripUpdate?.trip).toMatchObject({ tripId: bus, routeId: 'BUS', startDate: TUESDAY });
    // Riders of the bus make the part after: it waits for them as well.
    expect(times(await tripOf(after))).toEqual([
      ['SJD', local(TUESDAY, '08:44'), local(TUESDAY, '08:44')],
      ['HWP', local(TUESDAY, '09:24'), local(TUESDAY, '09:24')],
      ['SFC', local(TUESDAY, '09:49'), local(TUESDAY, '09:49')],
    ]);
    expect(told).toEqual([
      {
        code: 'replacement_bus_retimed',
        severity: 'info',
        entityId: bus,
        field: 'trip_update.stop_time_update',
        message: `Replacement bus ${bus} now leaves San Martin at 07:58 (15 min later) to wait for train 305, which arrives there at 07:53; it reaches San Jose Diridon at 08:39.`,
      },
      {
        code: 'replacement_train_held',
        severity: 'info',
        entityId: after,
        field: 'trip_update.stop_time_update',
        message: `Train 305 now goes on from San Jose Diridon at 08:44 (15 min later) to wait for replacement bus ${bus}.`,
      },
    ]);
    // The alert lasts until the held part after arrives.
    expect(await impact()).toEqual([[local(TUESDAY, '07:29'), local(TUESDAY, '09:49')]]);
    // The train's own delay is served as saved.
    const train = await tripOf('305');
    expect(train?.tripUpdate?.stopTimeUpdate?.[0]?.departure?.delay).toBe(900);
    expect(await busFindings()).toEqual([]);

    // Saving the same delay again moves nothing more.
    expect(await save(await late('305', 900))).toEqual([]);
    expect(times(await tripOf(bus))?.[0]).toEqual(['SMN', local(TUESDAY, '07:58'), local(TUESDAY, '07:58')]);

    // The lift is the undo of the disruption: the bus and the part after leave the feed, and the
    // train is as it was before it (it had no update).
    await lift(applied.id);
    expect(await served()).toEqual([]);
    expect(await alerts()).toEqual([]);
    expect(await busFindings()).toEqual([]);
  });

  it('holds the part after for a bus the controller saves late, and leaves the bus as they wrote it', async () => {
    const applied = await post({ select: { tripIds: ['305'] }, action: SECTION, reason: 'Signal failure' });
    const bus = `305-bus-${TUESDAY}`;
    // The bus stuck in traffic: the controller saves it 20 minutes later at every stop (San Jose
    // 08:44), and the part after, planned to leave at 08:29, now waits until 08:49.
    const entity = (await tripOf(bus))!;
    const json = rt.FeedEntity.toObject(entity as GtfsRealtimeBindings.transit_realtime.FeedEntity, {
      longs: Number,
    }) as FeedEntity;
    for (const u of json.tripUpdate!.stopTimeUpdate ?? [])
      for (const key of ['arrival', 'departure'] as const) u[key] = { time: Number(u[key]!.time) + 1200 };
    const told = await save(json);
    expect(times(await tripOf(bus))).toEqual([
      ['SMN', local(TUESDAY, '08:03'), local(TUESDAY, '08:03')],
      ['MHL', local(TUESDAY, '08:11'), local(TUESDAY, '08:11')],
      ['SJD', local(TUESDAY, '08:44'), local(TUESDAY, '08:44')],
    ]);
    expect(times(await tripOf(`305-after-${TUESDAY}`))?.[0]).toEqual([
      'SJD',
      local(TUESDAY, '08:49'),
      local(TUESDAY, '08:49'),
    ]);
    expect(told.map((n) => [n.code, n.message])).toEqual([
      [
        'replacement_train_held',
        `Train 305 now goes on from San Jose Diridon at 08:49 (20 min later) to wait for replacement bus ${bus}.`,
      ],
    ]);
    expect(await busFindings()).toEqual([]);
    await lift(applied.id);
    expect(await served()).toEqual([]);
  });

  it("re-times Friday's night bus past midnight, keeping Friday's service date", async () => {
    t.clock.now = wallTime('2025-09-26', '23:20', PENINSULA_ZONE);
    const applied = await post({ select: { tripIds: ['N1'] }, action: SECTION, reason: 'Signal failure' });
    const bus = `N1-bus-${FRIDAY}`;
    const after = `N1-after-${FRIDAY}`;
    expect(times(await tripOf(bus))).toEqual([
      ['SMN', local(FRIDAY, '23:44'), local(FRIDAY, '23:44')],
      ['MHL', local(FRIDAY, '23:52'), local(FRIDAY, '23:52')],
      ['SJD', local(SATURDAY, '00:25'), local(SATURDAY, '00:25')],
    ]);
    // N1 runs 25 minutes late: at San Martin at 00:04 on Saturday (saved in the trip update editor).
    const told = await saveInEditor(await late('N1', 1500, 'names'));
    const busNow = await tripOf(bus);
    expect(times(busNow)).toEqual([
      ['SMN', local(SATURDAY, '00:09'), local(SATURDAY, '00:09')],
      ['MHL', local(SATURDAY, '00:17'), local(SATURDAY, '00:17')],
      ['SJD', local(SATURDAY, '00:50'), local(SATURDAY, '00:50')],
    ]);
    expect(busNow?.tripUpdate?.trip?.startDate).toBe(FRIDAY);
    const afterNow = await tripOf(after);
    expect(times(afterNow)).toEqual([
      ['SJD', local(SATURDAY, '00:55'), local(SATURDAY, '00:55')],
      ['HWP', local(SATURDAY, '01:35'), local(SATURDAY, '01:35')],
      ['SFC', local(SATURDAY, '02:00'), local(SATURDAY, '02:00')],
    ]);
    expect(afterNow?.tripUpdate?.trip?.startDate).toBe(FRIDAY);
    expect(told.map((n) => n.message)).toEqual([
      `Replacement bus ${bus} now leaves San Martin at 00:09 (25 min later) to wait for train N1, which arrives there at 00:04; it reaches San Jose Diridon at 00:50.`,
      `Train N1 now goes on from San Jose Diridon at 00:55 (25 min later) to wait for replacement bus ${bus}.`,
    ]);
    expect(await busFindings()).toEqual([]);
    // After midnight the lift still takes Friday's bus and part after away.
    t.clock.now = wallTime('2025-09-27', '00:05', PENINSULA_ZONE);
    await lift(applied.id);
    expect(await served()).toEqual([]);
  });

  it('moves only the bus of the train saved late, leaves a bus for a delay of hours, and leaves a pushed delay reported', async () => {
    const applied = await post({
      select: { tripIds: ['301', '303', '305', '307'] },
      action: SECTION,
      reason: 'Signal failure',
    });
    const before = await served();
    const busTimes = (entities: typeof before) =>
      Object.fromEntries(
        entities.filter((e) => e.tripUpdate?.trip?.routeId === 'BUS').map((e) => [e.id, times(e)]),
      );
    // One train late: its bus alone is re-timed, the three others stay as planned.
    await save(await late('303', 600));
    const { [`303-bus-${TUESDAY}`]: moved, ...others } = busTimes(await served());
    const { [`303-bus-${TUESDAY}`]: planned, ...othersBefore } = busTimes(before);
    expect(others).toEqual(othersBefore);
    expect(moved?.[0]?.[2]).toBe((planned?.[0]?.[2] as number) + 600);

    // 305 reported ten hours late (a mistyped delay, or a train stranded): the save is the truth
    // and goes through, but no bus waits ten hours; the controller is told, and the consistency
    // screen keeps reporting the missed connection.
    const bus305 = times((await served()).find((e) => e.id === `305-bus-${TUESDAY}`));
    const told = await save(await late('305', 36000));
    expect(told).toEqual([
      expect.objectContaining({
        code: 'replacement_bus_not_retimed',
        severity: 'warning',
        entityId: `305-bus-${TUESDAY}`,
        message: `Replacement bus 305-bus-${TUESDAY} was not re-timed to wait for train 305: it leaves San Martin at 07:43, and the train arrives there at 17:38; the bus would go 10 h 00 min later, more than the 3 hours a bus waits or a train is held. Riders miss the connection: edit the bus, or lift the disruption and replace the train again.`,
      }),
    ]);
    expect(times((await served()).find((e) => e.id === `305-bus-${TUESDAY}`))).toEqual(bus305);
    expect((await busFindings()).map((f) => [f.code, f.entityIds])).toEqual([
      ['replacement_connection_missed', [`305-bus-${TUESDAY}`]],
    ]);

    // A CAD system's push of many predictions carries no consequences: 307's delay is published
    // and its missed connection reported, its bus left as planned.
    const bus307 = times((await served()).find((e) => e.id === `307-bus-${TUESDAY}`));
    const pushed = await controller.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from(
        encodeFeedMessage({
          header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(t.clock.now!.getTime() / 1000) },
          entity: [await late('307', 900)],
        }),
      ),
    });
    expect(pushed.status, await pushed.clone().text()).toBe(200);
    expect(times((await served()).find((e) => e.id === `307-bus-${TUESDAY}`))).toEqual(bus307);
    expect((await busFindings()).map((f) => [f.code, f.entityIds])).toEqual([
      ['replacement_connection_missed', [`305-bus-${TUESDAY}`]],
      ['replacement_connection_missed', [`307-bus-${TUESDAY}`]],
    ]);
    await lift(applied.id);
    expect(await served()).toEqual([]);
  });
});
