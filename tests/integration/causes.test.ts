import { auditLog, tripCauses } from '@feeddesk/drizzle';
import { encodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import type { Punctuality } from '@feeddesk/server/summaries/get-punctuality';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { followOverSocket } from '../support/live.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/** Three trains of the Northern Line on Tuesday 23 September 2025 (Africa/Johannesburg). */
const schedule = sampleFeed({
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id',
    'NTH,WD,WD-0600,Cape Town,0',
    'NTH,WD,WD-0700,Cape Town,0',
    'NTH,WD,WD-0800,Cape Town,0',
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...['06', '07', '08'].flatMap((h) => [
      `WD-${h}00,${h}:00:00,${h}:00:00,EER,1`,
      `WD-${h}00,${h}:30:00,${h}:31:00,BLV,2`,
      `WD-${h}00,${h}:59:00,${h}:59:00,CPT,3`,
    ]),
  ].join('\n'),
});

type Cause = { code: string; labels: Record<string, string>; gtfsCause: string };
const delayed = (tripId: string, delays: [number, string, number][]) => ({
  id: `${tripId}-20250923`,
  tripUpdate: {
    trip: { tripId, startDate: '20250923' },
    stopTimeUpdate: delays.map(([stopSequence, stopId, delay]) => ({
      stopSequence,
      stopId,
      arrival: { delay },
    })),
  },
});

/** docs/rest-api.md "Delay causes": the catalogue, a cause on a train and a disruption, minutes lost. */
describe('delay causes', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let viewer: HttpClient;
  let manager: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    viewer = await t.clientWithRoles(['view'], 'viewer');
    manager = await t.clientWithRoles(['excel'], 'manager');
    t.clock.now = jnb('2025-09-23T05:00:00');
  });
  afterAll(() => t?.close());

  const causes = async (client = viewer): Promise<Cause[]> => {
    const res = await client.get('/settings/causes');
    expect(res.status).toBe(200);
    return ((await res.json()) as { causes: Cause[] }).causes;
  };
  const put = (client: HttpClient, body: unknown) =>
    client.fetch('/settings/causes', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  type Refusal = { status: number; code?: number; error?: string; description?: string };
  const refusal = async (res: Response): Promise<Refusal> => ({
    status: res.status,
    ...((await res.json()) as Omit<Refusal, 'status'>),
  });
  /** POST /feed/trip_update with a query, as a REST client names the train's cause. */
  const postTripUpdate = (query: string, entity: FeedEntity) =>
    controller.fetch(`/feed/trip_update?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from(encodeFeedEntity(entity)),
    });

  it('seeds a rail catalogue any signed-in user reads, each with its GTFS-RT cause', async () => {
    const seeded = await causes();
    expect(seeded.length).toBe(18);
    expect(seeded.slice(0, 3)).toEqual([
      {
        code: 'SIGNAL_FAILURE',
        labels: { 'en-ZA': 'Signal failure', 'af-ZA': 'Seinfout' },
        gtfsCause: 'TECHNICAL_PROBLEM',
      },
      {
        code: 'POINTS_FAILURE',
        labels: { 'en-ZA': 'Points failure', 'af-ZA': 'Wisselfout' },
        gtfsCause: 'TECHNICAL_PROBLEM',
      },
      {
        code: 'ROLLING_STOCK_FAULT',
        labels: { 'en-ZA': 'Rolling stock fault', 'af-ZA': 'Fout aan rollende materieel' },
        gtfsCause: 'TECHNICAL_PROBLEM',
      },
    ]);
    const gtfs = Object.fromEntries(seeded.map((c) => [c.code, c.gtfsCause]));
    expect(gtfs).toMatchObject({
      CABLE_THEFT: 'POLICE_ACTIVITY',
      TRESPASS: 'POLICE_ACTIVITY',
      WEATHER: 'WEATHER',
      ENGINEERING_WORKS: 'MAINTENANCE',
      STRIKE: 'STRIKE',
      MEDICAL_EMERGENCY: 'MEDICAL_EMERGENCY',
      ACCIDENT: 'ACCIDENT',
    });
    expect((await t.client().get('/settings/causes')).status).toBe(401);
    const trpc = await controller.trpc('query', 'settings.causes');
    expect(trpc.body.result.data).toEqual(seeded);
  });

  it('an administrator replaces the catalogue (audited); others are refused 403', async () => {
    const before = await causes();
    const added = [
      ...before,
      { code: 'LEAF_FALL', labels: { 'en-ZA': ' Leaves on the line ' }, gtfsCause: 'WEATHER' },
    ];
    expect((await put(controller, { causes: added })).status).toBe(403);
    expect((await controller.trpc('mutation', 'settings.saveCauses', { causes: added })).status).toBe(403);
    expect(await causes()).toEqual(before);
    const res = await put(admin, { causes: added });
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { causes: Cause[] }).causes;
    expect(saved.at(-1)).toEqual({
      code: 'LEAF_FALL',
      labels: { 'en-ZA': 'Leaves on the line' },
      gtfsCause: 'WEATHER',
    });
    expect(await causes()).toEqual(saved);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'delay_causes'));
    expect(audit?.summary).toBe('Delay causes: added LEAF_FALL; 19 in the catalogue.');
    const viaTrpc = await admin.trpc('mutation', 'settings.saveCauses', { causes: before });
    expect(viaTrpc.status).toBe(200);
    expect(await causes()).toEqual(before);
  });

  it('refuses a bad code, a GTFS cause not of Alert.Cause, an empty label, with a sentence (400)', async () => {
    const before = await causes();
    const one = (cause: object) => put(admin, { causes: [cause] });
    expect(
      await refusal(await one({ code: 'signal failure', labels: { en: 'x' }, gtfsCause: 'WEATHER' })),
    ).toEqual({
      status: 400,
      code: 400,
      error: 'Invalid input',
      description:
        'Cause 1: the code "signal failure" is not upper case letters, digits and _ (at most 40, starting with a letter), e.g. SIGNAL_FAILURE.',
    });
    expect((await refusal(await one({ code: 'X', labels: { en: 'x' }, gtfsCause: 'ALIENS' }))).status).toBe(
      400,
    );
    const viaService = await admin.trpc('mutation', 'settings.saveCauses', {
      causes: [{ code: 'X', labels: { en: 'x' }, gtfsCause: 'ALIENS' }],
    });
    expect(viaService.body.error.message).toMatch(/^Cause X: gtfsCause is one of UNKNOWN_CAUSE, OTHER_CAUSE/);
    expect((await refusal(await one({ code: 'X', labels: {}, gtfsCause: 'WEATHER' }))).description).toBe(
      'Cause X: give it a label in at least one language.',
    );
    const twice = { code: 'X', labels: { en: 'x' }, gtfsCause: 'WEATHER' };
    expect((await refusal(await put(admin, { causes: [twice, twice] }))).description).toBe(
      'Cause 2: the code X is listed twice.',
    );
    expect(await causes()).toEqual(before);
  });

  it('an attacker: 10 000 causes, 101 causes, huge or long labels are refused, nothing changes', async () => {
    const before = await causes();
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        code: `C${i}`,
        labels: { en: `Cause ${i}` },
        gtfsCause: 'OTHER_CAUSE',
      }));
    // 10 000 causes are past the body limit of a JSON call; 1 001 stop at the edge's bound.
    expect(await refusal(await put(admin, { causes: many(10_000) }))).toMatchObject({ status: 413 });
    expect((await put(admin, { causes: many(1001) })).status).toBe(400);
    expect((await admin.trpc('mutation', 'settings.saveCauses', { causes: many(10_000) })).status).toBe(413);
    expect((await admin.trpc('mutation', 'settings.saveCauses', { causes: many(1001) })).status).toBe(400);
    expect((await refusal(await put(admin, { causes: many(101) }))).description).toBe(
      '101 causes are too many: keep at most 100 in the catalogue.',
    );
    const huge = [{ code: 'HUGE', labels: { en: 'E'.repeat(100_000) }, gtfsCause: 'OTHER_CAUSE' }];
    expect((await put(admin, { causes: huge })).status).toBe(400);
    expect((await admin.trpc('mutation', 'settings.saveCauses', { causes: huge })).status).toBe(400);
    const long = [{ code: 'LONG', labels: { en: 'E'.repeat(81) }, gtfsCause: 'OTHER_CAUSE' }];
    expect((await refusal(await put(admin, { causes: long }))).description).toBe(
      'Cause LONG: its en label has 81 characters; keep it under 80.',
    );
    const control = [{ code: 'TAB', labels: { en: 'a\tb' }, gtfsCause: 'OTHER_CAUSE' }];
    expect((await put(admin, { causes: control })).status).toBe(400);
    expect(await causes()).toEqual(before);
  });

  it('refuses a trip update with an unknown cause or a location off the train (400), nothing saved', async () => {
    const entity = delayed('WD-0600', [[1, 'EER', 60]]);
    const unknown = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity,
      cause: { code: 'ALIENS' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      'The catalogue of delay causes has no cause "ALIENS": pick one it lists (GET /settings/causes), or ask an administrator to add it.',
    );
    const rest = await postTripUpdate('cause=ALIENS', entity as FeedEntity);
    expect(await refusal(rest)).toMatchObject({ status: 400, error: 'Unknown cause' });
    const offTrain = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity,
      cause: { code: 'TRESPASS', stopId: 'NOWHERE' },
    });
    expect(offTrain.status).toBe(400);
    expect(offTrain.body.error.message).toBe(
      `The cause's location "NOWHERE" is not one of the train's stops: pick one of them, or leave the location out.`,
    );
    expect((await controller.get('/feed/updates?format=json').then((r) => r.json())).entity ?? []).toEqual(
      [],
    );
    expect(await t.deps.db.select().from(tripCauses)).toEqual([]);
  });

  it('a disruption with a cause drafts its alert with the GTFS cause; an unknown one is 400', async () => {
    const body = (cause: object) => ({
      serviceDate: '20250923',
      select: { tripIds: ['WD-0800'] },
      action: { type: 'delay', minutes: 12 },
      reason: 'Storm over the Cape Flats',
      alert: true,
      cause,
    });
    const post = (b: object) =>
      controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
    // The form's preview shows the drafted alert (the REST answer names only its id).
    const preview = await controller.trpc('mutation', 'disruptions.applyDisruption', {
      ...body({ code: 'WEATHER', stopId: 'BLV' }),
      dryRun: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.result.data.alert.alert.cause).toBe('WEATHER');
    expect(await refusal(await post(body({ code: 'ALIENS' })))).toMatchObject({
      status: 400,
      error: 'Unknown cause',
    });
    const applied = await post(body({ code: 'WEATHER' }));
    expect(applied.status).toBe(200);
    const { alertId } = (await applied.json()) as { alertId: string };
    const alerts = (await (await controller.get('/feed/alerts?format=json')).json()) as {
      entity: { id: string; alert: { cause: string } }[];
    };
    expect(alerts.entity.find((e) => e.id === alertId)?.alert.cause).toBe('WEATHER');
  });

  it('a train\'s delay with a cause lands in the summary\'s "Minutes lost by cause" and the dashboard', async () => {
    // Over tRPC as the trip editor saves: 10 minutes late at Bellville, the last stop it gives.
    const editor = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: delayed('WD-0600', [
        [1, 'EER', 300],
        [2, 'BLV', 600],
      ]),
      cause: { code: 'SIGNAL_FAILURE', stopId: 'BLV' },
    });
    expect(editor.status).toBe(200);
    // Over REST: 7 minutes late at Cape Town, the terminus.
    const rest = await postTripUpdate(
      'cause=CABLE_THEFT&causeStopId=BLV',
      delayed('WD-0700', [[3, 'CPT', 420]]) as FeedEntity,
    );
    expect(rest.status).toBe(200);
    const rows = await t.deps.db.select().from(tripCauses);
    expect(rows.map((r) => [r.tripId, r.startDate, r.code, r.stopId, r.by]).sort()).toEqual([
      ['WD-0600', '20250923', 'SIGNAL_FAILURE', 'BLV', 'controller'],
      ['WD-0700', '20250923', 'CABLE_THEFT', 'BLV', 'controller'],
      ['WD-0800', '20250923', 'WEATHER', null, 'controller'],
    ]);
    // The trip editor shows the cause kept for the train when it opens it again.
    const kept = await viewer.trpc('query', 'feed.tripCause', { tripId: 'WD-0600', startDate: '20250923' });
    expect(kept.body.result.data).toEqual({ code: 'SIGNAL_FAILURE', stopId: 'BLV', disruptionId: null });
    const none = await viewer.trpc('query', 'feed.tripCause', { tripId: 'WD-0600', startDate: '20250924' });
    expect(none.body.result.data).toBeNull();
    t.clock.now = jnb('2025-09-23T12:00:00');

    const started = await manager.trpc('mutation', 'summaries.create', {
      from: '2025-09-23',
      to: '2025-09-23',
    });
    const { jobId } = started.body.result.data as { jobId: string };
    const final = (await followOverSocket(t.url, manager.cookieHeader, jobId, 'finished')).at(-1)!;
    expect(final.status).toBe('success');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      Buffer.from(await (await manager.get(`/excel/${final.message}`)).arrayBuffer()) as never,
    );
    const sheet = wb.getWorksheet('Minutes lost by cause')!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1);
      values.push(cells.map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)));
    });
    expect(values).toEqual([
      ['Date', 'Cause', 'Code', 'GTFS cause', 'Trains', 'Minutes lost'],
      ['2025-09-23', 'Weather', 'WEATHER', 'WEATHER', 1, 12],
      ['2025-09-23', 'Signal failure', 'SIGNAL_FAILURE', 'TECHNICAL_PROBLEM', 1, 10],
      ['2025-09-23', 'Cable theft', 'CABLE_THEFT', 'POLICE_ACTIVITY', 1, 7],
    ]);

    const res = await manager.trpc('query', 'summaries.punctuality', {
      from: '2025-09-23',
      to: '2025-09-23',
    });
    const { minutesLost } = res.body.result.data as Punctuality;
    expect(minutesLost.map((r) => [r.day, r.code, r.label, r.trains, r.minutes])).toEqual([
      ['2025-09-23', 'WEATHER', 'Weather', 1, 12],
      ['2025-09-23', 'SIGNAL_FAILURE', 'Signal failure', 1, 10],
      ['2025-09-23', 'CABLE_THEFT', 'Cable theft', 1, 7],
    ]);
  });

  it('takes a train\'s cause back when the controller saves it with none ("Not given"), and keeps it when not told', async () => {
    const save = (cause?: object | null) =>
      controller.trpc('mutation', 'feed.saveTripUpdate', {
        entity: delayed('WD-0700', [[3, 'CPT', 420]]),
        ...(cause !== undefined && { cause }),
      });
    const kept = async () =>
      (await viewer.trpc('query', 'feed.tripCause', { tripId: 'WD-0700', startDate: '20250923' })).body.result
        .data;
    expect((await save({ code: 'CABLE_THEFT' })).status).toBe(200);
    // Saved again without a word of its cause: the one given stays.
    expect((await save()).status).toBe(200);
    expect(await kept()).toMatchObject({ code: 'CABLE_THEFT' });
    expect((await save(null)).status).toBe(200);
    expect(await kept()).toBeNull();
  });
});
