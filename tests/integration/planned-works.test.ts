import { disruptions, scheduleVersions } from '@feeddesk/drizzle';
import { writeGtfsZip } from '@feeddesk/server/gtfs/index';
import { changedSampleFiles, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import {
  callsOf,
  runsOn as runs,
  servedSchedule,
  tripIdsOf as tripIds,
  fieldOf as value,
} from '../support/served-schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Planned works published in the schedule (docs/contract-notes.md "Planned works in the
 * schedule"), read back from the served gtfs.zip by the GTFS calendar rules. The sample line
 * (Africa/Johannesburg): WD runs Mon–Fri (WD-0123 EER 06:00 → BLV 06:30 → CPT 07:00), WE on
 * Saturdays (WE-2300 EER 10:00 → CPT 11:00). Now: Wednesday 1 October 2025, 10:00 there.
 */
const NOW = new Date('2025-10-01T08:00:00Z');
const THU = '20251002';
const FRI = '20251003';
const SAT = '20251004';
const NEXT_SAT = '20251011';

/** The sample line without its deliberately bad route colour (validation would refuse the upload). */
const timetable = (files: Record<string, string> = {}) =>
  writeGtfsZip(
    sampleFeed({
      ...files,
      'routes.txt': [
        'route_id,agency_id,route_short_name,route_long_name,route_type,route_color',
        'NTH,MR,N,Northern Line,2,FF0000',
        'STH,MR,S,Southern Line,2,00AA00',
        'CTL,MR,C,Central Line,2,',
      ].join('\n'),
    }),
  );

describe('planned works in the schedule', () => {
  let t: TestApp;
  let planner: HttpClient;
  let controller: HttpClient;
  let cancelId: string;
  let busId: string;
  let firstVersion: number;
  let cancelVersion: number;
  let busVersion: number;

  const post = (client: HttpClient, body: Record<string, unknown>) =>
    client.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const versions = async () =>
    (
      await t.deps.db
        .select({ id: scheduleVersions.id, status: scheduleVersions.status })
        .from(scheduleVersions)
        .orderBy(asc(scheduleVersions.id))
    ).map((v) => `${v.id}:${v.status}`);
  const cancelSaturday = {
    publishAs: 'schedule',
    serviceDate: SAT,
    select: { tripIds: ['WE-2300'] },
    action: { type: 'cancel' },
    reason: 'Track renewal Bellville',
    alert: true,
  };

  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['edit', 'gtfs'], 'planner');
    controller = await t.clientWithRoles(['edit'], 'controller');
    t.clock.now = NOW;
    const upload = await uploadSchedule(planner, timetable(), 'timetable.zip');
    expect(upload.final, JSON.stringify(upload.messages)).toMatchObject({ status: 'done' });
    firstVersion = Number((await versions())[0]!.split(':')[0]);
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses what cannot be planned, saying what to fix, and changes nothing', async () => {
    const before = await versions();
    const cases: [HttpClient, Record<string, unknown>, number, RegExp][] = [
      [controller, cancelSaturday, 403, /'gtfs' role/],
      [
        planner,
        { ...cancelSaturday, serviceDate: '20251001' },
        400,
        /from tomorrow on \(after 20251001 in Africa\/Johannesburg\)/,
      ],
      [planner, { ...cancelSaturday, serviceDate: undefined }, 400, /serviceDate from tomorrow/],
      [
        planner,
        { ...cancelSaturday, action: { type: 'skip_stop', stopId: 'BLV' } },
        400,
        /skip_stop cannot be planned in the schedule: publish it on the day as realtime/,
      ],
      [planner, { ...cancelSaturday, action: { type: 'delay', minutes: 5 } }, 400, /delay cannot be planned/],
      [
        planner,
        { ...cancelSaturday, action: { type: 'replace_by_bus', fromStopId: 'BLV' } },
        400,
        /needs action.toStopId: the section's two stops/,
      ],
      [
        planner,
        {
          ...cancelSaturday,
          action: { type: 'replace_by_bus', fromStopId: 'BLV', toStopId: 'CPT', routeId: 'STH' },
        },
        400,
        // Buses are never published as trains.
        /Route 'STH' \(S\) is not a bus route \(its route_type is 2\)/,
      ],
      [
        planner,
        {
          ...cancelSaturday,
          action: { type: 'replace_by_bus', fromStopId: 'BLV', toStopId: 'CPT', routeId: 'NOPE' },
        },
        400,
        /'NOPE' is not a route of the schedule/,
      ],
      [
        planner,
        { ...cancelSaturday, action: { type: 'short_turn', stopId: 'BLV' } },
        400,
        /short_turn needs action.stopId and action.at/,
      ],
      [planner, { ...cancelSaturday, reason: ' ' }, 400, /Give a reason/],
      [planner, { ...cancelSaturday, select: { tripIds: ['WD-0123'] } }, 400, /No trip runs on 20251004/],
      [planner, { ...cancelSaturday, publishAs: 'somewhere' }, 400, /publishAs/],
      [
        planner,
        {
          ...cancelSaturday,
          publishAs: undefined,
          action: { type: 'replace_by_bus', fromStopId: 'BLV', toStopId: 'CPT', routeId: 'STH' },
        },
        400,
        // Realtime buses on the day need a bus route: this railway has none, and STH is rail.
        /is not a bus route/,
      ],
    ];
    for (const [client, body, status, message] of cases) {
      const res = await post(client, body);
      const text = await res.text();
      expect([res.status, text]).toEqual([status, expect.stringMatching(message)]);
    }
    expect(await versions()).toEqual(before);
    expect(await t.deps.db.select().from(disruptions)).toEqual([]);
  });

  it('a dry run lists the trips and makes no version', async () => {
    const before = await versions();
    const res = await post(planner, { ...cancelSaturday, dryRun: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: null,
      count: 1,
      versionId: null,
      trips: [{ tripId: 'WE-2300' }],
    });
    expect(await versions()).toEqual(before);
  });

  it('cancels a Saturday train in a new current version; the realtime feeds carry only the alert', async () => {
    const res = await post(planner, cancelSaturday);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ count: 1, trips: [{ tripId: 'WE-2300', startDate: SAT }] });
    cancelId = body.id;
    cancelVersion = body.versionId;
    expect(cancelVersion).toBeGreaterThan(firstVersion);
    expect(await versions()).toEqual([`${firstVersion}:previous`, `${cancelVersion}:current`]);

    const served = await servedSchedule(planner);
    expect(runs(served, 'WE-2300', SAT)).toBe(false);
    expect(runs(served, 'WE-2300', NEXT_SAT)).toBe(true);
    expect(runs(served, 'WD-0123', FRI)).toBe(true);
    expect(callsOf(served, 'WE-2300')).toEqual(['EER 10:00:00', 'CPT 11:00:00']);

    const updates = await getFeed(controller, '/feed/updates');
    expect(updates.entity).toEqual([]);
    const alerts = await getFeed(controller, '/feed/alerts');
    expect(alerts.entity.map((e) => e.id)).toEqual([body.alertId]);
    const alert = alerts.entity[0]!.alert!;
    const nowSecs = NOW.getTime() / 1000;
    // Told from now; its impact on Saturday 10:00–11:00 in Johannesburg (08:00–09:00 UTC).
    expect(Number(alert.communicationPeriod![0]!.start)).toBe(nowSecs);
    expect(Number(alert.impactPeriod![0]!.start)).toBe(Date.parse('2025-10-04T08:00:00Z') / 1000);
    expect(Number(alert.impactPeriod![0]!.end)).toBe(Date.parse('2025-10-04T09:00:00Z') / 1000);
  }, 60_000);

  it('replaces a train between Bellville and Cape Town by a bus on Thursday: its first part and the bus, on a replacement-bus route it adds, are trips of that day only', async () => {
    const thursdayBuses = {
      publishAs: 'schedule',
      serviceDate: THU,
      select: { tripIds: ['WD-0123'] },
      // No route: this railway has no bus route, the schedule gets one.
      action: { type: 'replace_by_bus', fromStopId: 'BLV', toStopId: 'CPT' },
      reason: 'Signal works Cape Town',
    };
    const dry = await post(planner, { ...thursdayBuses, dryRun: true });
    expect(dry.status).toBe(200);
    // The dry run shows the connection at Bellville: the train arrives 06:30, the bus leaves 5 minutes later.
    expect((await dry.json()).connections).toEqual([
      {
        tripId: 'WD-0123',
        busTripId: null,
        stopId: 'BLV',
        stopName: expect.any(String),
        kind: 'to_bus',
        trainTime: '06:30',
        busTime: '06:35',
        minutes: 5,
        heldMinutes: 0,
      },
    ]);
    const res = await post(planner, thursdayBuses);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    busId = body.id;
    busVersion = body.versionId;
    expect(busVersion).toBeGreaterThan(cancelVersion);
    const served = await servedSchedule(planner);
    const short = busId.replace(/-/g, '').slice(0, 8);
    expect(runs(served, 'WD-0123', THU)).toBe(false);
    expect(runs(served, 'WD-0123', FRI)).toBe(true);
    // The train's first part ends at Bellville: no stop time beyond it.
    expect(callsOf(served, `WD-0123-pw-${short}-a`)).toEqual(['EER 06:00:00', 'BLV 06:31:00']);
    // The bus leaves 5 minutes after the train arrives; the train's 29 minutes and 10 more to Cape Town.
    expect(callsOf(served, `WD-0123-pw-${short}-bus`)).toEqual(['BLV 06:35:00', 'CPT 07:14:00']);
    expect(body.connections).toEqual([
      expect.objectContaining({ busTripId: `WD-0123-pw-${short}-bus`, busTime: '06:35' }),
    ]);
    for (const added of [`WD-0123-pw-${short}-a`, `WD-0123-pw-${short}-bus`]) {
      expect(runs(served, added, THU)).toBe(true);
      expect(runs(served, added, FRI)).toBe(false);
    }
    const bus = served
      .get('trips.txt')!
      .rows.find((r) => value(served, 'trips.txt', r, 'trip_id').endsWith('-bus'))!;
    // On a bus route (route_type 3) of the railway's agency, named after the train's route: never a rail route.
    expect(value(served, 'trips.txt', bus, 'route_id')).toBe('NTH-replacement-bus');
    const busRoute = served
      .get('routes.txt')!
      .rows.find((r) => value(served, 'routes.txt', r, 'route_id') === 'NTH-replacement-bus')!;
    expect(
      ['agency_id', 'route_short_name', 'route_long_name', 'route_type'].map((f) =>
        value(served, 'routes.txt', busRoute, f),
      ),
    ).toEqual(['MR', '', 'Northern Line replacement bus', '3']);
    // The earlier planned works are still in the schedule.
    expect(runs(served, 'WE-2300', SAT)).toBe(false);
    expect(tripIds(served).filter((id) => id.includes('-pw-'))).toHaveLength(2);
    expect((await getFeed(controller, '/feed/updates')).entity).toEqual([]);

    const listed = await (await controller.get('/feed/disruptions')).json();
    expect(
      listed.map((d: Record<string, unknown>) => [d.id, d.publishAs, d.versionId, d.inSchedule]),
    ).toEqual([
      [busId, 'schedule', busVersion, true],
      [cancelId, 'schedule', cancelVersion, true],
    ]);
  }, 60_000);

  it('rolls back to the version before the bus, and lifting the cancellation makes a version with the bus only', async () => {
    const rolled = await planner.fetch(`/gtfs/versions/${cancelVersion}/rollback`, { method: 'POST' });
    expect(rolled.status).toBe(200);
    let served = await servedSchedule(planner);
    expect(tripIds(served).some((id) => id.endsWith('-bus'))).toBe(false);
    expect(runs(served, 'WD-0123', THU)).toBe(true);
    const listed = await (await controller.get('/feed/disruptions')).json();
    expect(listed.find((d: { id: string }) => d.id === busId).inSchedule).toBe(false);

    const lifted = await planner.fetch(`/feed/disruptions/${cancelId}`, { method: 'DELETE' });
    expect(lifted.status).toBe(200);
    served = await servedSchedule(planner);
    expect(runs(served, 'WE-2300', SAT)).toBe(true);
    expect(runs(served, 'WD-0123', THU)).toBe(false);
    expect(tripIds(served).filter((id) => id.endsWith('-bus'))).toHaveLength(1);
    expect((await getFeed(controller, '/feed/alerts')).entity).toEqual([]);
    const after = await (await controller.get('/feed/disruptions')).json();
    expect(after.map((d: Record<string, unknown>) => [d.id, d.active, d.inSchedule])).toEqual([
      [busId, true, true],
      [cancelId, false, false],
    ]);
  }, 60_000);

  it('a later planners’ upload keeps the planned works still ahead and says which it dropped', async () => {
    // WD-1234 is gone from the changed timetable: works on it are dropped.
    const gone = await post(planner, {
      ...cancelSaturday,
      serviceDate: FRI,
      select: { tripIds: ['WD-1234'] },
      reason: 'Points renewal',
      alert: false,
    });
    expect(gone.status).toBe(200);
    const kept = await post(planner, { ...cancelSaturday, reason: 'Weekend works', alert: false });
    expect(kept.status, await kept.clone().text()).toBe(200);
    const keptId = (await kept.json()).id;
    // Friday morning: Thursday's bus is over.
    t.clock.now = new Date('2025-10-03T06:00:00Z');
    const upload = await uploadSchedule(planner, timetable(changedSampleFiles), 'next-timetable.zip');
    expect(upload.final, JSON.stringify(upload.messages)).toMatchObject({ status: 'done' });
    const log = upload.messages.map((m: { message: string }) => m.message).join('\n');
    expect(log).toContain(
      'Planned works not carried over: "Signal works Cape Town" on 20251002: its date has passed.',
    );
    expect(log).toMatch(
      /Planned works dropped: "Points renewal" on 20251003: none of its trips is in this schedule \(WD-1234\)/,
    );
    expect(log).toContain(
      'Planned works kept: "Weekend works" on 20251004: 1 trips do not run on 20251004 as timetabled.',
    );
    const served = await servedSchedule(planner);
    expect(runs(served, 'WE-2300', SAT)).toBe(false);
    expect(tripIds(served).some((id) => id.endsWith('-bus'))).toBe(false);
    const [version] = await t.deps.db
      .select({ plannedWorks: scheduleVersions.plannedWorks })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'current'));
    expect(version!.plannedWorks).toEqual([keptId]);
  }, 90_000);
});
