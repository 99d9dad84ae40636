import { feedEntities } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Tuesday 23 September 2025, 06:00 in Johannesburg (UTC+2). */
const NOW = new Date('2025-09-23T04:00:00Z');
const local = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+02:00`) / 1000;
const TODAY = '2025-09-23';

/** The demo schedule's GTFS zip without one trip, as a new schedule that dropped it. */
function withoutTrip(zip: Uint8Array, tripId: string): Uint8Array {
  const files = unzipSync(zip);
  for (const name of ['trips.txt', 'stop_times.txt']) {
    const [header, ...lines] = strFromU8(files[name]!).split(/\r?\n/);
    const column = header!.split(',').indexOf('trip_id');
    const kept = lines.filter((line) => line.split(',')[column] !== tripId);
    files[name] = strToU8([header, ...kept].join('\n'));
  }
  return zipSync(files);
}

describe('dated trips and the consistency engine', () => {
  let t: TestApp;
  let editor: HttpClient;
  let planner: HttpClient;
  let uploader: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ env: { CONSISTENCY_HEADWAY_GAP_MINUTES: '50' }, trpc: true });
    // Log in at the real time (a cookie dated 2025 would have expired), then fix the clock.
    planner = await t.clientWithRoles(['gtfs', 'view', 'edit'], 'planner');
    editor = await t.clientWithRoles(['edit'], 'controller');
    uploader = await t.clientWithRoles(['gtfs'], 'uploader');
    t.clock.now = NOW;
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
  });
  afterAll(() => t?.close());

  const save = async (entity: object) => {
    const res = await editor.trpc('mutation', 'feed.saveTripUpdate', { entity });
    expect(res.status).toBe(200);
    return res.body.result.data.id as string;
  };
  const delayed = (tripId: string, startDate?: string) => ({
    tripUpdate: {
      trip: { tripId, ...(startDate ? { startDate } : {}) },
      stopTimeUpdate: [{ stopSequence: 2, stopId: 'WOODSTOCK', arrival: { delay: 300 } }],
    },
  });
  const expiryOf = async (id: string) => {
    const [row] = await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, id));
    return row!.expiresAt!.toISOString();
  };

  it('searches the trips of a chosen service date: tomorrow yet to start, a Saturday its weekend trains', async () => {
    const tomorrow = await editor.trpc('query', 'schedule.trips', { route: 'STH', date: '20250924' });
    expect(tomorrow.body.result.data.map((r: { trip_id: string }) => r.trip_id)).toContain('WD-105');
    expect(new Set(tomorrow.body.result.data.map((r: { inprogress: number }) => r.inprogress))).toEqual(
      new Set([1]),
    );
    const saturday = await editor.trpc('query', 'schedule.trips', { route: 'STH', date: '20250927' });
    const ids: string[] = saturday.body.result.data.map((r: { trip_id: string }) => r.trip_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('WE-'))).toBe(true);
    const info = await editor.trpc('query', 'schedule.info');
    expect(info.body.result.data.today).toBe('20250923');
  });

  it('keeps one update per trip and service date: today by default, tomorrow beside it, expiry from each date', async () => {
    const today = await save(delayed('WD-105'));
    const tomorrow = await save(delayed('WD-105', '20250924'));
    expect(tomorrow).not.toBe(today);
    expect(await save(delayed('WD-105', '20250923'))).toBe(today);
    expect(await save(delayed('WD-105', '20250924'))).toBe(tomorrow);
    const list = await editor.trpc('query', 'feed.list', { kind: 'trip_update' });
    const dates = list.body.result.data
      .filter((i: { tripId: string }) => i.tripId === 'WD-105')
      .map((i: { id: string; entity: { tripUpdate: { trip: { startDate: string } } } }) => [
        i.id,
        i.entity.tripUpdate.trip.startDate,
      ]);
    expect(dates).toEqual([
      [today, '20250923'],
      [tomorrow, '20250924'],
    ]);
    // WD-105 arrives at 08:10; 5 minutes late, plus the 60-minute TTL: 09:15 local on each date
    expect(await expiryOf(today)).toBe('2025-09-23T07:15:00.000Z');
    expect(await expiryOf(tomorrow)).toBe('2025-09-24T07:15:00.000Z');
  });

  it('answers GET /feed/consistency to viewers only, and an empty list for a consistent feed', async () => {
    expect((await t.client().get('/feed/consistency')).status).toBe(401);
    expect((await uploader.get('/feed/consistency')).status).toBe(403);
    const res = await editor.get('/feed/consistency');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('reports each rule with its exact findings, over REST and tRPC alike', async () => {
    // Every alert carries a header in the operator's required language (en-ZA).
    const header = { headerText: { translation: [{ text: 'Notice', language: 'en-ZA' }] } };
    const post = (
      path: '/feed/trip_update' | '/feed/service_alert',
      entity: { id: string; alert?: object; tripUpdate?: object },
    ) =>
      postEntity(
        editor,
        path,
        (entity.alert ? { ...entity, alert: { ...header, ...entity.alert } } : entity) as never,
      ).then((r) => expect(r.status).toBe(200));
    // a weekday train on a Saturday
    await post('/feed/trip_update', { id: 'tu-sat', ...delayed('WD-103', '20250927') });
    // WD-103 cancelled: the next outbound train leaves 45 min later, within the 50-min gap
    await post('/feed/trip_update', {
      id: 'tu-103',
      tripUpdate: { trip: { tripId: 'WD-103', scheduleRelationship: 3 } },
    });
    // WD-107 cancelled at 16:45: the next one leaves at 22:30
    await post('/feed/trip_update', {
      id: 'tu-107',
      tripUpdate: { trip: { tripId: 'WD-107', scheduleRelationship: 3 } },
    });
    // WD-101 runs, skipping Woodstock
    await post('/feed/trip_update', {
      id: 'tu-101',
      tripUpdate: {
        trip: { tripId: 'WD-101' },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'WOODSTOCK', scheduleRelationship: 1 }],
      },
    });
    const morning = [{ start: local(TODAY, '05:00'), end: local(TODAY, '09:00') }];
    await post('/feed/service_alert', {
      id: 'a-stop',
      alert: {
        activePeriod: [{ start: local(TODAY, '07:00'), end: local(TODAY, '07:30') }],
        informedEntity: [{ stopId: 'WOODSTOCK', routeId: 'STH' }],
        effect: 1,
      },
    });
    await post('/feed/service_alert', {
      id: 'a-weekend',
      alert: { activePeriod: morning, informedEntity: [{ trip: { tripId: 'WE-151' } }], effect: 3 },
    });
    await post('/feed/service_alert', {
      id: 'a-route',
      alert: { activePeriod: morning, informedEntity: [{ routeId: 'STH' }], effect: 1 },
    });

    const res = await editor.get('/feed/consistency');
    const findings = await res.json();
    expect(findings).toEqual(EXPECTED);
    const viaTrpc = await editor.trpc('query', 'consistency.list');
    expect(viaTrpc.body.result.data).toEqual(EXPECTED);
  });

  it('previews the findings a change would add, without saving it', async () => {
    const cancel109 = { tripUpdate: { trip: { tripId: 'WD-109', scheduleRelationship: 'CANCELED' } } };
    const preview = await editor.trpc('query', 'consistency.preview', {
      kind: 'trip_update',
      entity: cancel109,
    });
    expect(preview.body.result.data).toEqual([
      {
        code: 'cancelled_without_alert',
        severity: 'warning',
        entityIds: ['proposed'],
        message:
          'Trip WD-109 of 20250923 is cancelled and the next train of its route and direction leaves 70 minutes later, but no alert tells riders; publish an alert for the trip or its route.',
      },
    ]);
    // A weekend train cancelled on Saturday, seen on a Tuesday: its route's trains are read for the
    // dates the feed names (not today's alone), so its next train is found.
    const saturday = await editor.trpc('query', 'consistency.preview', {
      kind: 'trip_update',
      entity: { tripUpdate: { trip: { tripId: 'WE-351', startDate: '20250927', scheduleRelationship: 3 } } },
    });
    expect(saturday.body.result.data.map((f: { message: string }) => f.message)).toEqual([
      'Trip WE-351 of 20250927 is cancelled and the next train of its route and direction leaves 360 minutes later, but no alert tells riders; publish an alert for the trip or its route.',
    ]);
    // A stop closed on Saturday morning, seen on a Tuesday: the calls of that day's trains count.
    const closed = await editor.trpc('query', 'consistency.preview', {
      kind: 'alert',
      entity: {
        alert: {
          activePeriod: [{ start: local('2025-09-27', '08:15'), end: local('2025-09-27', '08:25') }],
          informedEntity: [{ stopId: 'MAITLAND' }],
          effect: 'NO_SERVICE',
        },
      },
    });
    expect(closed.body.result.data.map((f: { message: string }) => f.message)).toEqual([
      'Alert proposed says stop MAITLAND has no service, but 1 trains still call there during it: WE-351 (20250927); skip the stop in their trip updates or shorten the alert.',
    ]);
    const covered = {
      alert: { informedEntity: [{ trip: { tripId: 'WD-107' } }], effect: 'NO_SERVICE' },
    };
    const fixes = await editor.trpc('query', 'consistency.preview', { kind: 'alert', entity: covered });
    expect(fixes.body.result.data).toEqual([]);
    expect((await editor.get('/feed/consistency').then((r) => r.json())).length).toBe(EXPECTED.length);
  });

  it('after a new schedule lists trip updates whose trip is gone, shows them Not in schedule, and removes them in one act', async () => {
    await post111();
    const zip = new Uint8Array(await (await planner.get('/static/shared/gtfs.zip')).arrayBuffer());
    const upload = await uploadSchedule(planner, withoutTrip(zip, 'WD-111'), 'gtfs.zip');
    expect(upload.final.status).toBe('done');
    expect(upload.messages.map((m) => m.message)).toContain(
      '1 trip updates are for trips the new schedule does not have: WD-111 (20250923). They show as "Not in schedule" in the feed list, where one action removes them all.',
    );
    const list = await editor.trpc('query', 'feed.list', { kind: 'trip_update' });
    const states = Object.fromEntries(
      list.body.result.data.map((i: { id: string; state: string }) => [i.id, i.state]),
    );
    expect(states['tu-111']).toBe('not_in_schedule');
    expect(states['tu-101']).toBe('in_progress');
    const findings = await (await editor.get('/feed/consistency')).json();
    expect(findings[0]).toEqual({
      code: 'trip_not_in_schedule',
      severity: 'error',
      entityIds: ['tu-111'],
      message:
        'Trip update tu-111 is for trip WD-111, which the current schedule does not have; delete it or save it for a scheduled trip.',
    });
    const removed = await editor.trpc('mutation', 'consistency.removeNotInSchedule');
    expect(removed.body.result.data).toEqual({ deleted: ['tu-111'] });
    const after = await editor.trpc('query', 'feed.list', { kind: 'trip_update' });
    expect(after.body.result.data.map((i: { id: string }) => i.id)).not.toContain('tu-111');
    expect(await (await editor.get('/feed/consistency')).json()).toEqual(EXPECTED);
  });

  async function post111() {
    const res = await postEntity(editor, '/feed/trip_update', {
      id: 'tu-111',
      ...delayed('WD-111'),
    } as never);
    expect(res.status).toBe(200);
  }
});

/** What the feed of the rule test holds wrong, in the rules' order. */
const EXPECTED = [
  {
    code: 'trip_not_running_on_date',
    severity: 'error',
    entityIds: ['tu-sat'],
    message:
      'Trip WD-103 does not run on 20250927 (service WD); save the update for a date it runs, or delete it.',
  },
  {
    code: 'cancelled_without_alert',
    severity: 'warning',
    entityIds: ['tu-107'],
    message:
      'Trip WD-107 of 20250923 is cancelled and the next train of its route and direction leaves 345 minutes later, but no alert tells riders; publish an alert for the trip or its route.',
  },
  {
    code: 'stop_closed_but_served',
    severity: 'error',
    entityIds: ['a-stop'],
    message:
      'Alert a-stop says stop WOODSTOCK has no service, but 1 trains still call there during it: WD-105 (20250923); skip the stop in their trip updates or shorten the alert.',
  },
  {
    code: 'alert_entity_not_running',
    severity: 'warning',
    entityIds: ['a-weekend'],
    message:
      "Alert a-weekend names trip WE-151, which does not run during the alert's period; correct the period or what the alert names.",
  },
  {
    code: 'route_alert_for_stop_closure',
    severity: 'warning',
    entityIds: ['a-route', 'tu-101'],
    message:
      'Alert a-route says route STH has no service, but its trains run and skip only WOODSTOCK; name those stops in the alert instead of the whole route.',
  },
];
