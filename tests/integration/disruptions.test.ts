import { feedEntities, feedLog } from '@feeddesk/drizzle';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { listAlertTemplates } from '@feeddesk/server/alert-templates/list-alert-templates';
import { saveAlertTemplate } from '@feeddesk/server/alert-templates/save-alert-template';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The sample line with a morning on the Northern Line: three trains towards Cape Town
 * (direction 0), one back (direction 1); WD-9001 of the Southern Line runs 23:50 → 24:35;
 * on Wednesday 24 September WD does not run and HOL does.
 */
const schedule = sampleFeed({
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'NTH,WD,WD-0600,Cape Town,0',
    'NTH,WD,WD-0700,Cape Town,0',
    'NTH,WD,WD-0800,Cape Town,0',
    'NTH,WD,WD-0650,Eerste River,1',
    'STH,WD,WD-9001,Eerste River,1',
    'NTH,HOL,HOL-0500,Cape Town,0',
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
    'HOL-0500,05:00:00,05:00:00,EER,1',
    'HOL-0500,06:00:00,06:00:00,CPT,2',
  ].join('\n'),
});

type DisruptionItem = {
  id: string;
  active: boolean;
  trips: unknown[];
  alertId: string | null;
  reason: string;
  by: string;
};

type Applied = {
  id: string | null;
  count: number;
  trips: { tripId: string; startDate: string; routeId: string; firstTime: string; lastTime: string }[];
  alertId: string | null;
};

describe('disruptions', () => {
  let t: TestApp;
  let controller: HttpClient;
  let second: HttpClient;

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
    second = await t.clientWithRoles(['edit'], 'second-controller');
    // After the logins: a session cookie dated 2025 would have expired in the client's jar.
    t.clock.now = jnb('2025-09-23T05:00:00'); // a Tuesday, before the morning trains
  });
  afterAll(() => t?.close());

  // Each test starts from an empty live feed: lift what is active, remove what is left.
  beforeEach(async () => {
    for (const d of await list())
      if (d.active)
        expect((await controller.fetch(`/feed/disruptions/${d.id}`, { method: 'DELETE' })).status).toBe(200);
    await t.deps.db.delete(feedEntities);
  });

  const post = (body: unknown, client = controller) =>
    client.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const preview = async (serviceDate: string, select: object) => {
    const res = await post({ serviceDate, select, action: { type: 'cancel' }, dryRun: true });
    expect(res.status).toBe(200);
    return (await res.json()) as Applied;
  };
  const ids = (a: Applied) => a.trips.map((trip) => trip.tripId);
  const list = async () => {
    const res = await controller.get('/feed/disruptions');
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as DisruptionItem[];
  };
  const livePb = async (tripId: string) =>
    (
      await t.deps.db
        .select({ pb: feedEntities.pb })
        .from(feedEntities)
        .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, tripId)))
    )[0]?.pb ?? null;
  const liveUpdate = async (tripId: string) =>
    (await getFeed(t.client(), '/feed/updates')).entity.find((e) => e.tripUpdate?.trip.tripId === tripId)
      ?.tripUpdate;

  it('previews the trips of a route and direction departing in [from, to): count, times, nothing saved', async () => {
    const answer = await preview('20250923', { routeId: 'NTH', directionId: 0, from: '06:00', to: '08:00' });
    expect(answer).toEqual({
      id: null,
      count: 2,
      alertId: null,
      trips: [
        { tripId: 'WD-0600', startDate: '20250923', routeId: 'NTH', firstTime: '06:00', lastTime: '06:59' },
        { tripId: 'WD-0700', startDate: '20250923', routeId: 'NTH', firstTime: '07:00', lastTime: '07:59' },
      ],
      // Nothing the apply would be refused for, and no other alert it would change.
      refusals: [],
      otherAlerts: [],
    });
    expect((await getFeed(t.client(), '/feed/updates')).entity).toEqual([]);
    expect(await list()).toEqual([]);
  });

  it('takes the window on the departure from select.stopId, only trips calling there', async () => {
    expect(ids(await preview('20250923', { stopId: 'BLV', from: '07:20', to: '07:31' }))).toEqual([
      'WD-0650',
    ]);
    expect(ids(await preview('20250923', { stopId: 'BLV', from: '07:20', to: '07:32' }))).toEqual([
      'WD-0650',
      'WD-0700',
    ]);
    expect(ids(await preview('20250923', { stopId: 'CPT', directionId: 1 }))).toEqual(['WD-0650', 'WD-9001']);
  });

  it('selects a run past midnight with a window crossing it, or with hours past 24', async () => {
    const night = await preview('20250923', { from: '23:00', to: '01:00' });
    expect(night.trips).toEqual([
      { tripId: 'WD-9001', startDate: '20250923', routeId: 'STH', firstTime: '23:50', lastTime: '00:35' },
    ]);
    expect(ids(await preview('20250923', { stopId: 'EER', from: '24:00', to: '25:00' }))).toEqual([
      'WD-9001',
    ]);
    // 00:00–01:00 of Tuesday is Monday's night: Monday's WD-9001 calls at EER at 00:35, dated Monday.
    expect((await preview('20250923', { stopId: 'EER', from: '00:00', to: '01:00' })).trips).toEqual([
      { tripId: 'WD-9001', startDate: '20250922', routeId: 'STH', firstTime: '23:50', lastTime: '00:35' },
    ]);
    // Wednesday's holiday runs no WD: 00:00–01:00 of Thursday holds no train of the night before.
    const early = await post({
      serviceDate: '20250925',
      select: { stopId: 'EER', from: '00:00', to: '01:00' },
      action: { type: 'cancel' },
      dryRun: true,
    });
    expect(early.status).toBe(400);
  });

  it('at 00:10 selects the night’s train of yesterday’s service, by window and by number, and updates that dated run', async () => {
    t.clock.now = jnb('2025-09-23T00:10:00'); // Tuesday 00:10: Monday's WD-9001 (23:50 → 24:35) is under way
    try {
      const monday = {
        tripId: 'WD-9001',
        startDate: '20250922',
        routeId: 'STH',
        firstTime: '23:50',
        lastTime: '00:35',
      };
      // "The next two hours" at its last stop, on today's date.
      expect((await preview('20250923', { stopId: 'EER', from: '00:10', to: '02:10' })).trips).toEqual([
        monday,
      ]);
      // Named by number: the run under way, not tonight's run of the same trip.
      expect((await preview('20250923', { tripIds: ['9001'] })).trips).toEqual([monday]);
      const res = await post({
        serviceDate: '20250923',
        select: { stopId: 'EER', from: '00:10', to: '02:10' },
        action: { type: 'delay', minutes: 5 },
        reason: 'Signal fault',
      });
      expect(res.status).toBe(200);
      expect((await liveUpdate('WD-9001'))?.trip).toMatchObject({ tripId: 'WD-9001', startDate: '20250922' });
      // Tonight's run is another train: named at 00:40 (Monday's has arrived), it is Tuesday's.
      t.clock.now = jnb('2025-09-23T00:40:00');
      expect(ids(await preview('20250923', { tripIds: ['9001'] }))).toEqual(['WD-9001']);
      expect((await preview('20250923', { tripIds: ['9001'] })).trips[0]?.startDate).toBe('20250923');
    } finally {
      t.clock.now = jnb('2025-09-23T05:00:00');
    }
  });

  it('follows calendar_dates: on the holiday only the added service runs', async () => {
    expect(ids(await preview('20250924', { routeId: 'NTH' }))).toEqual(['HOL-0500']);
    expect(ids(await preview('20250923', { routeId: 'NTH', directionId: 1 }))).toEqual(['WD-0650']);
  });

  it('answers 400 with a sentence when no trip matches, and 404 lifting an unknown disruption', async () => {
    const res = await post({
      serviceDate: '20250927',
      select: { routeId: 'NTH' },
      action: { type: 'cancel' },
      reason: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error: 'Bad request',
      description: 'No trip runs on 20250927 matching route NTH: widen the selection or pick another date.',
    });
    expect((await controller.fetch('/feed/disruptions/nope', { method: 'DELETE' })).status).toBe(404);
  });

  it('says when the schedule has no service at all on the date, and the dates it runs', async () => {
    const res = await post({
      serviceDate: '20270104',
      action: { type: 'cancel' },
      reason: 'x',
      dryRun: true,
    });
    expect(res.status).toBe(400);
    const sentence =
      'The current schedule has no service on 2027-01-04; it runs from 2025-01-01 to 2026-12-31.';
    expect((await res.json()).description).toBe(`${sentence} Pick a date it runs.`);
    const day = await controller.trpc('query', 'schedule.serviceDay', { date: '20270104' });
    expect(day.body.result.data).toEqual({
      date: '20270104',
      serviceIds: [],
      runsFrom: '20250101',
      runsTo: '20261231',
      noService: sentence,
    });
    const holiday = await controller.trpc('query', 'schedule.serviceDay', { date: '20250924' });
    expect([holiday.body.result.data.serviceIds, holiday.body.result.data.noService]).toEqual([
      ['HOL'],
      null,
    ]);
    // A service chosen on a date it does not run: said so, with the next date it runs.
    const ask = async (date: string, service: string) =>
      (await controller.trpc('query', 'schedule.serviceDay', { date, service })).body.result.data.service;
    expect(await ask('20250924', 'WD')).toEqual({
      serviceId: 'WD',
      runs: false,
      nextDate: '20250925',
      notRunning: 'Service WD does not run on 2025-09-24 (Wednesday); it next runs on 2025-09-25 (Thursday).',
    });
    expect(await ask('20250923', 'WD')).toEqual({
      serviceId: 'WD',
      runs: true,
      nextDate: null,
      notRunning: null,
    });
    expect(await ask('20250924', 'HOL')).toMatchObject({ runs: true });
    expect(await ask('20250925', 'HOL')).toEqual({
      serviceId: 'HOL',
      runs: false,
      nextDate: null,
      notRunning:
        'Service HOL does not run on 2025-09-25 (Thursday); it runs on no later date of the current schedule.',
    });
    // A name that is no service, hostile or not, runs on no date; an overlong one is refused.
    expect(await ask('20250923', "WD' or 1=1 --")).toMatchObject({ runs: false, nextDate: null });
    const long = await controller.trpc('query', 'schedule.serviceDay', {
      date: '20250923',
      service: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
  });

  it('merges with the existing update: a delayed trip that then skips a stop keeps its delay; lift restores its bytes', async () => {
    const delayed = {
      id: 'tu-0600',
      tripUpdate: {
        trip: { tripId: 'WD-0600' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay: 300 } }],
      },
    };
    expect((await postEntity(controller, '/feed/trip_update', delayed)).status).toBe(200);
    const before = await livePb('WD-0600');
    const res = await post({
      serviceDate: '20250923',
      select: { tripIds: ['WD-0600'] },
      action: { type: 'skip_stop', stopId: 'BLV' },
      reason: 'Platform works',
    });
    expect(res.status).toBe(200);
    const applied = (await res.json()) as Applied;
    const merged = await liveUpdate('WD-0600');
    expect(
      merged!.stopTimeUpdate!.map((u) => [
        u.stopSequence,
        u.stopId,
        u.scheduleRelationship,
        u.departure?.delay ?? null,
      ]),
    ).toEqual([
      [1, 'EER', 0, 300],
      [2, 'BLV', 1, null],
      [3, 'CPT', 0, 300],
    ]);
    expect((await getFeed(t.client(), '/feed/updates')).entity.map((e) => e.id)).toEqual(['tu-0600']);
    // The list names the skipped stop as riders know it, not by its id; tRPC says the same.
    const listed = (await list()).find((d) => d.id === applied.id) as DisruptionItem & {
      stopNames: Record<string, string>;
    };
    expect(listed.stopNames).toEqual({ BLV: 'Bellville' });
    const viaTrpc = (await controller.trpc('query', 'disruptions.list')).body.result
      .data as (typeof listed)[];
    expect(viaTrpc.find((d) => d.id === applied.id)?.stopNames).toEqual({ BLV: 'Bellville' });
    expect((await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect(Buffer.compare(before!, (await livePb('WD-0600'))!)).toBe(0);
  });

  it('refuses with 422 and saves nothing when a resulting update fails the feed rules', async () => {
    const onTime = {
      id: 'tu-0600',
      tripUpdate: {
        trip: { tripId: 'WD-0600' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay: 0 } }],
      },
    };
    expect((await postEntity(controller, '/feed/trip_update', onTime)).status).toBe(200);
    const before = await getFeed(t.client(), '/feed/updates');
    // 40 minutes early at Bellville would arrive before leaving Eerste River.
    const res = await post({
      serviceDate: '20250923',
      select: { routeId: 'NTH', directionId: 0 },
      action: { type: 'delay', stopId: 'BLV', minutes: -40 },
      reason: 'x',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe('Entity fails the feed rules');
    expect((await getFeed(t.client(), '/feed/updates')).entity).toEqual(before.entity);
    expect((await list()).filter((d) => d.active)).toEqual([]);
  });

  it('applies two overlapping disruptions sent at once; lifting one keeps the other in force', async () => {
    const [a, b] = await Promise.all([
      post({
        serviceDate: '20250923',
        select: { routeId: 'NTH', directionId: 0, from: '06:00', to: '08:00' },
        action: { type: 'delay', minutes: 5 },
        reason: 'Signal fault',
      }),
      post(
        {
          serviceDate: '20250923',
          select: { tripIds: ['WD-0700', 'WD-0800'] },
          action: { type: 'cancel' },
          reason: 'No crew',
        },
        second,
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [delay, cancel] = [(await a.json()) as Applied, (await b.json()) as Applied];
    const both = await liveUpdate('WD-0700');
    expect(both!.trip.scheduleRelationship).toBe(3);
    // A cancelled train serves no delays, whichever disruption came first.
    expect(both!.stopTimeUpdate ?? []).toEqual([]);

    expect((await controller.fetch(`/feed/disruptions/${delay.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await liveUpdate('WD-0600')).toBeUndefined();
    const cancelled = await liveUpdate('WD-0700');
    expect(cancelled!.trip.scheduleRelationship).toBe(3);
    expect(cancelled!.stopTimeUpdate ?? []).toEqual([]);

    expect((await controller.fetch(`/feed/disruptions/${cancel.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await getFeed(t.client(), '/feed/updates')).entity).toEqual([]);
    expect(
      (await list()).filter((d) => d.id === delay.id || d.id === cancel.id).map((d) => d.active),
    ).toEqual([false, false]);
  });

  it('drafts the alert from the templates, publishes it linked, and lifting ends it', async () => {
    // The migration made the seeded English texts the cancel action's template, tagged en-ZA.
    const cancelTemplate = (await listAlertTemplates(t.deps)).find((tpl) => tpl.action === 'cancel')!;
    expect(cancelTemplate).toMatchObject({
      id: 'disruption-cancel',
      cause: 'UNKNOWN_CAUSE',
      effect: 'NO_SERVICE',
    });
    await saveAlertTemplate(t.deps, {
      ...cancelTemplate,
      texts: {
        ...cancelTemplate.texts,
        'af-ZA': { headerText: '{route}: treine gekanselleer', descriptionText: '', url: '' },
        fr: { headerText: ' ', descriptionText: 'jamais envoyé', url: '' },
      },
      by: null,
    });
    const logged = (await t.deps.db.select().from(feedLog)).length;
    const res = await post({
      serviceDate: '20250923',
      select: { routeId: 'NTH', directionId: 0, from: '06:00', to: '08:00' },
      action: { type: 'cancel' },
      reason: 'Signal fault at Bellville.',
      alert: true,
    });
    expect(res.status).toBe(200);
    const applied = (await res.json()) as Applied;
    expect(applied.alertId).toBe(`disruption-${applied.id}`);
    const alerts = await getFeed(t.client(), '/feed/alerts');
    expect(alerts.entity.map((e) => e.id)).toEqual([applied.alertId]);
    const alert = alerts.entity[0]!.alert!;
    expect(alert.informedEntity).toEqual([{ routeId: 'NTH', directionId: 0 }]);
    // Told from its publication (05:00), about the trains' times.
    const period = (from: string) => [
      {
        start: jnb(`2025-09-23T${from}:00`).getTime() / 1000,
        end: jnb('2025-09-23T07:59:00').getTime() / 1000,
      },
    ];
    expect(alert.activePeriod).toEqual(period('05:00'));
    expect(alert.impactPeriod).toEqual(period('06:00'));
    expect([alert.cause, alert.effect]).toEqual([1, 1]); // UNKNOWN_CAUSE, NO_SERVICE
    // In the order of the operator's languages (the demo's: English first).
    expect(alert.headerText!.translation).toEqual([
      { text: 'Northern Line: trains 600, 700 cancelled', language: 'en-ZA' },
      { text: 'Northern Line: treine gekanselleer', language: 'af-ZA' },
    ]);
    expect(alert.descriptionText!.translation).toEqual([
      {
        text: 'Trains 600, 700 of Northern Line on 23 September 2025 between 06:00 and 07:59 are cancelled. Signal fault at Bellville.',
        language: 'en-ZA',
      },
    ]);
    // Two trips and the alert, each logged like a single save.
    expect((await t.deps.db.select().from(feedLog)).length - logged).toBe(3);
    const [listed] = await list();
    expect(listed).toMatchObject({
      id: applied.id,
      active: true,
      alertId: applied.alertId,
      reason: 'Signal fault at Bellville.',
      by: 'controller',
    });

    expect((await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await getFeed(t.client(), '/feed/alerts')).entity).toEqual([]);
    expect((await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' })).status).toBe(
      409,
    );
  });

  it('drafts a stop alert for a skipped stop, with the controller’s own texts when given', async () => {
    const res = await post({
      serviceDate: '20250923',
      select: { routeId: 'NTH', from: '06:00', to: '07:00' },
      action: { type: 'skip_stop', stopId: 'BLV' },
      reason: 'Flooding',
      alert: { cause: 'WEATHER', headerText: { en: 'Bellville closed', de: '' } },
    });
    expect(res.status).toBe(200);
    const alert = (await getFeed(t.client(), '/feed/alerts')).entity[0]!.alert!;
    expect(alert.informedEntity).toEqual([{ routeId: 'NTH', stopId: 'BLV' }]);
    expect([alert.cause, alert.effect]).toEqual([8, 1]); // WEATHER, NO_SERVICE
    expect(alert.headerText!.translation).toEqual([{ text: 'Bellville closed', language: 'en' }]);
    expect(alert.descriptionText!.translation).toEqual([
      {
        text: 'Trains 600, 650 of Northern Line do not stop at Bellville on 23 September 2025 between 06:00 and 07:50. Flooding',
        language: 'en-ZA',
      },
    ]);
  });

  it('previews outside the feed write lock: a save sent while a preview runs is not held up', async () => {
    // A deterministic long preview: another session holds the alert templates, which the preview
    // reads to draft its alert. The old preview had saved its trips (and so locked the feed) before
    // reaching them, and every save waited behind it for as long as it ran.
    const side = connectPostgres(t.db.url, { max: 1, onnotice: () => {} });
    const watch = connectPostgres(t.db.url, { max: 1, onnotice: () => {} });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locking = side.begin(async (tx) => {
      await tx`lock table alert_templates in access exclusive mode`;
      await held;
    });
    try {
      await until(async () => (await locksOn(watch, 'alert_templates', true)) > 0, 'the side lock');
      let previewDone = false;
      const previewing = post({
        serviceDate: '20250923',
        select: { routeId: 'NTH' },
        action: { type: 'delay', minutes: 5 },
        alert: true,
        dryRun: true,
      }).then((res) => {
        previewDone = true;
        return res;
      });
      await until(async () => (await locksOn(watch, 'alert_templates', false)) > 0, 'the preview to wait');
      const saving = postEntity(controller, '/feed/trip_update', {
        id: 'tu-0600',
        tripUpdate: {
          trip: { tripId: 'WD-0600' },
          stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay: 120 } }],
        },
      });
      const deadline = new Promise<'waited'>((resolve) =>
        setTimeout(() => resolve('waited'), 10_000).unref(),
      );
      const saved = await Promise.race([saving, deadline]);
      expect(saved === 'waited' ? 'the save waited for the preview' : saved.status).toBe(200);
      expect(previewDone).toBe(false);
      release();
      const previewed = await previewing;
      expect(previewed.status).toBe(200);
      expect(((await previewed.json()) as Applied).count).toBe(4);
      // The preview saved nothing: the feed holds the save alone.
      const live = (await getFeed(t.client(), '/feed/updates')).entity;
      expect(live.map((e) => [e.id, e.tripUpdate?.stopTimeUpdate?.[0]?.departure?.delay])).toEqual([
        ['tu-0600', 120],
      ]);
      expect((await list()).filter((d) => d.active)).toEqual([]);
    } finally {
      release();
      await locking;
      await Promise.all([side.end(), watch.end()]);
    }
  });

  it('needs the edit role', async () => {
    t.clock.now = null;
    const viewer = await t.clientWithRoles(['view']);
    t.clock.now = jnb('2025-09-23T05:00:00');
    expect((await viewer.get('/feed/disruptions')).status).toBe(403);
    expect((await post({ action: { type: 'cancel' } }, viewer)).status).toBe(403);
  });
});

/** Locks on the table, held (granted) or waited for. */
async function locksOn(sql: ReturnType<typeof connectPostgres>, table: string, granted: boolean) {
  const [row] = await sql`
    select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
    where c.relname = ${table} and l.granted = ${granted}`;
  return (row?.n as number) ?? 0;
}

/** Polls a condition every 20 ms, up to 10 s. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
