import { writeGtfsZip } from '@feeddesk/server/gtfs/index';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_TRAINS, peninsulaLine } from '../support/peninsula-line.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { callsOf, runsOn as runs, servedSchedule, tripIdsOf } from '../support/served-schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
/** Tuesday 23 September 2025, 09:00 on the Los Angeles line (PDT, UTC−7): a week before the works. */
const PLANNED_AT = new Date('2025-09-23T09:00:00-07:00');
const WORKS = '20250930';
/** The day of the works, 05:30, before the first train. */
const ON_THE_DAY = new Date('2025-09-30T05:30:00-07:00');
const at = (hhmm: string) => Date.parse(`2025-09-30T${hhmm}:00-07:00`) / 1000;
const TRAINS = PENINSULA_TRAINS.map(([train]) => train);

/**
 * Planned works (docs/contract-notes.md "Planned works in the schedule") as one run on a line far from Johannesburg: a planner closes the section
 * San Martin – San Jose Diridon for a day a week ahead with a bus for every train; journey planners
 * see the buses and the missing trains in the published gtfs.zip at once and the alert from now;
 * on the day a controller delays one bus and turns one train short, and every served feed (read
 * with MobilityData's bindings) reads right.
 */
describe('planned works, a week ahead and on the day', () => {
  let t: TestApp;
  let planner: HttpClient;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['view', 'edit', 'gtfs'], 'planner');
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = PLANNED_AT;
    const feed = peninsulaLine();
    feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
    const upload = await uploadSchedule(planner, writeGtfsZip(feed), 'peninsula.zip');
    expect(upload.final, JSON.stringify(upload.messages)).toMatchObject({ status: 'done' });
  }, 60_000);
  afterAll(() => t?.close());

  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };

  let bus305 = '';
  let after305 = '';

  it('publishes the buses and the missing trains in the schedule a week ahead, and the alert from now', async () => {
    const res = await planner.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        publishAs: 'schedule',
        serviceDate: WORKS,
        select: { routeId: 'LOC' },
        action: {
          type: 'replace_by_bus',
          fromStopId: 'SMN',
          toStopId: 'SJD',
          routeId: 'BUS',
          marginMinutes: 10,
        },
        reason: 'Track renewal San Martin – San Jose',
        alert: true,
      }),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ count: 4, versionId: expect.any(Number) });

    const schedule = await servedSchedule(t.client());
    const ids = tripIdsOf(schedule);
    for (const train of TRAINS) {
      // The train does not run that day, and runs as timetabled on the days around it.
      expect(runs(schedule, train, WORKS), train).toBe(false);
      expect(runs(schedule, train, '20250929'), train).toBe(true);
      expect(runs(schedule, train, '20251001'), train).toBe(true);
      const bus = ids.find((id) => id.startsWith(`${train}-pw-`) && id.endsWith('-bus'));
      expect(bus, `${train}'s bus in ${ids.join(', ')}`).toBeDefined();
      expect(runs(schedule, bus!, WORKS)).toBe(true);
      expect(runs(schedule, bus!, '20251001')).toBe(false);
      // Riders are never offered the train through the section that day.
      for (const id of ids.filter((i) => i.startsWith(`${train}-pw-`) && !i.endsWith('-bus'))) {
        const calls = callsOf(schedule, id, 'arrival_time').map((c) => c.split(' ')[0]);
        expect(calls.includes('SMN') && calls.includes('SJD'), `${id}: ${calls.join(' ')}`).toBe(false);
        expect(calls).not.toContain('MHL');
      }
    }
    // Train 305 leaves Gilroy 07:29: San Martin 07:38, Morgan Hill 07:44, San Jose 08:09 by rail.
    // Its bus leaves San Martin 10 minutes after the train arrives and takes the train's 31 minutes
    // and 10 more.
    bus305 = ids.find((id) => id.startsWith('305-pw-') && id.endsWith('-bus'))!;
    expect(callsOf(schedule, bus305, 'arrival_time')).toEqual([
      'SMN 07:48:00',
      'MHL 07:56:00',
      'SJD 08:29:00',
    ]);
    after305 = ids.find(
      (id) =>
        id.startsWith('305-pw-') &&
        !id.endsWith('-bus') &&
        callsOf(schedule, id, 'arrival_time')[0]!.startsWith('SJD'),
    )!;
    // The train's part after waits for the bus: it leaves San Jose 10 minutes after the bus arrives
    // (08:39, timetabled 08:09), and every later call is as late.
    expect(callsOf(schedule, after305, 'departure_time')).toEqual([
      'SJD 08:39:00',
      'HWP 09:19:00',
      'SFC 09:44:00',
    ]);

    // Nothing in the realtime trip updates; the alert is told from now, about that day.
    expect(await served('/feed/updates')).toEqual([]);
    const [alert] = await served('/feed/alerts');
    const nowSecs = PLANNED_AT.getTime() / 1000;
    const told = alert!.alert!.communicationPeriod!.map((p) => Number(p.start));
    expect(Math.min(...told)).toBeLessThanOrEqual(nowSecs);
    for (const p of alert!.alert!.impactPeriod!) {
      expect(Number(p.start)).toBeGreaterThanOrEqual(at('00:00'));
      expect(Number(p.end)).toBeLessThanOrEqual(at('23:59') + 3 * 3600);
    }
    for (const tr of alert!.alert!.headerText!.translation!) expect(tr.text).not.toMatch(/\{\w+\}/);
  });

  it('on the day, delays one bus and turns one train short, and the feeds read right', async () => {
    t.clock.now = ON_THE_DAY;
    const late = await postEntity(controller, '/feed/trip_update', {
      id: 'bus-305-late',
      tripUpdate: {
        trip: { tripId: bus305, startDate: WORKS },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'SMN', departure: { delay: 300 } }],
      },
    });
    expect(late.status, await late.clone().text()).toBe(200);

    const turned = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: WORKS,
        select: { tripIds: [after305] },
        action: { type: 'short_turn', stopId: 'HWP', at: 'end' },
        reason: 'Crew shortage',
        alert: true,
      }),
    });
    expect(turned.status, await turned.clone().text()).toBe(200);

    const updates = await served('/feed/updates');
    const bus = updates.find((e) => e.tripUpdate?.trip?.tripId === bus305)!.tripUpdate!;
    expect(bus.trip!.startDate).toBe(WORKS);
    expect(Number(bus.stopTimeUpdate![0]!.departure!.delay)).toBe(300);
    const train = updates.find((e) => e.tripUpdate?.trip?.tripId === after305)!.tripUpdate!;
    expect(train.stopTimeUpdate!.map((u) => [u.stopId, u.scheduleRelationship])).toEqual([['SFC', SKIPPED]]);
    expect(train.tripProperties?.tripHeadsign).toBe('Hayward Park');

    // Two alerts: the planned works' (still told) and the short turn's; no contradiction found.
    const alerts = await served('/feed/alerts');
    expect(alerts).toHaveLength(2);
    for (const e of alerts)
      for (const tr of e.alert!.headerText!.translation!) expect(tr.text).not.toMatch(/\{\w+\}/);
    const findings = (await (await controller.get('/feed/consistency')).json()) as { severity: string }[];
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
