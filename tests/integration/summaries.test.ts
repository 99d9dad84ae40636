import { createHash } from 'node:crypto';
import { feedLog, users } from '@feeddesk/drizzle';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const NOW = jnb('2025-09-25T12:00:00');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const secs = (local: string) => jnb(local).getTime() / 1000;
/** What exceljs reads back for a local (Africa/Johannesburg) wall-clock time or date. */
const local = (iso: string) => new Date(`${iso.length === 10 ? `${iso}T00:00:00` : iso}Z`);
/** exceljs reads an `[h]:mm` cell back as a Date counted from Excel's day zero. */
const hours = (h: number) => new Date(Date.UTC(1899, 11, 30) + h * 3_600_000);
const en = (text: string) => ({ translation: [{ text, language: 'en-ZA' }] });

type Seed = {
  kind: 'alert' | 'trip_update';
  id: string;
  at: string;
  by: string;
  json?: object;
  action?: 'delete';
};

const alert = (id: string, alert: object) => ({ id, alert });
const tripUpdate = (id: string, trip: object, stopTimeUpdate: object[] = [], at = 0) => ({
  id,
  tripUpdate: { trip, stopTimeUpdate, timestamp: at },
});

/** The history under test, oldest first, as the feed service logs it (protobuf JSON, enum names). */
const seeds: Seed[] = [
  {
    kind: 'alert',
    id: 'alert-strike',
    at: '2025-09-22T07:00:00',
    by: 'alice',
    json: strike('No trains today.'),
  },
  {
    kind: 'alert',
    id: 'alert-strike',
    at: '2025-09-22T09:30:00',
    by: 'bob',
    json: strike('No trains until 18:00.'),
  },
  {
    kind: 'trip_update',
    id: 'tu-1',
    at: '2025-09-23T04:50:00',
    by: 'alice',
    json: tripUpdate('tu-1', { tripId: 'WD-2300', startDate: '20250923' }, [
      { stopSequence: 0, stopId: 'EER', arrival: { delay: 120 } },
    ]),
  },
  {
    kind: 'trip_update',
    id: 'tu-1',
    at: '2025-09-23T05:05:00',
    by: 'bob',
    json: tripUpdate('tu-1', { tripId: 'WD-2300', startDate: '20250923' }, [
      { stopSequence: 0, stopId: 'EER', arrival: { delay: 600 } },
      { stopSequence: 1, stopId: 'BLV', arrival: { delay: 420 } },
    ]),
  },
  {
    kind: 'alert',
    id: 'alert-works',
    at: '2025-09-23T08:00:00',
    by: 'alice',
    json: alert('alert-works', {
      activePeriod: [{ start: secs('2025-09-23T08:00:00') }],
      informedEntity: [{ trip: { tripId: 'WD-2300' } }, { stopId: 'CPT' }],
      cause: 'MAINTENANCE',
      effect: 'REDUCED_SERVICE',
      descriptionText: en('Track work at Cape Town.'),
    }),
  },
  {
    kind: 'alert',
    id: 'alert-gone',
    at: '2025-09-23T10:00:00',
    by: 'alice',
    json: alert('alert-gone', { informedEntity: [{ routeId: 'STH' }], cause: 'ACCIDENT', effect: 'DETOUR' }),
  },
  {
    kind: 'trip_update',
    id: 'tu-1',
    at: '2025-09-24T04:40:00',
    by: 'alice',
    json: tripUpdate('tu-1', { tripId: 'WD-2300', startDate: '20250924' }, [
      { stopSequence: 0, stopId: 'EER', arrival: { delay: 60 } },
    ]),
  },
  {
    kind: 'trip_update',
    id: 'tu-2',
    at: '2025-09-24T05:00:00',
    by: 'carol',
    json: tripUpdate('tu-2', {
      tripId: 'WD-0123',
      routeId: 'NTH',
      startDate: '20250924',
      scheduleRelationship: 'CANCELED',
    }),
  },
  {
    kind: 'trip_update',
    id: 'tu-4',
    at: '2025-09-24T07:00:00',
    by: 'bob',
    json: tripUpdate('tu-4', { tripId: 'WD-1234', startDate: '20250924' }, [
      { stopSequence: 1, stopId: 'EER', arrival: { delay: 900 } },
    ]),
  },
  { kind: 'alert', id: 'alert-works', at: '2025-09-24T08:00:00', by: 'bob', action: 'delete' },
  { kind: 'trip_update', id: 'tu-2', at: '2025-09-24T09:00:00', by: 'carol', action: 'delete' },
  {
    kind: 'alert',
    id: 'alert-open',
    at: '2025-09-24T10:00:00',
    by: 'carol',
    // A number where a name belongs (an older writer): shown as its name, never the number.
    json: alert('alert-open', {
      informedEntity: [{ routeId: 'STH' }],
      cause: 4,
      effect: 'SIGNIFICANT_DELAYS',
      severityLevel: 'SEVERE',
      headerText: en('Delays on the Southern Line'),
    }),
  },
  {
    kind: 'trip_update',
    id: 'tu-3',
    at: '2025-09-24T23:00:00',
    by: 'bob',
    json: tripUpdate('tu-3', { tripId: 'WD-9001', routeId: 'STH', startDate: '20250924' }, [
      { stopSequence: 10, stopId: 'CPT', scheduleRelationship: 'SKIPPED' },
      { stopSequence: 20, stopId: 'EER', arrival: { delay: 180 } },
    ]),
  },
  {
    kind: 'alert',
    id: 'alert-future',
    at: '2025-09-25T09:00:00',
    by: 'alice',
    json: alert('alert-future', {
      activePeriod: [{ start: secs('2025-09-26T06:00:00'), end: secs('2025-09-26T10:00:00') }],
      informedEntity: [{ stopId: 'EER' }],
      cause: 'OTHER_CAUSE',
      effect: 'DETOUR',
      severityLevel: 'INFO',
      headerText: en('Buses replace trains at Eerste River'),
    }),
  },
];

function strike(description: string) {
  return alert('alert-strike', {
    activePeriod: [{ start: secs('2025-09-22T06:00:00'), end: secs('2025-09-22T18:00:00') }],
    informedEntity: [{ routeId: 'NTH' }, { stopId: 'BLV' }],
    cause: 'STRIKE',
    effect: 'NO_SERVICE',
    severityLevel: 'WARNING',
    headerText: {
      translation: [
        { text: 'Staking op die Noordelike lyn', language: 'af-ZA' },
        { text: 'Strike on the Northern Line', language: 'en-ZA' },
      ],
    },
    descriptionText: en(description),
  });
}

describe('history summaries', () => {
  let t: TestApp;
  let other: TestApp;
  let manager: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    t.clock.now = NOW;
    await storeScheduleVersion(t.deps, {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'test',
      jobId: null,
    });
    await seedLog(t, seeds);
    // deleteFromLog, as the feed service does it: the entity's rows leave the history (erased).
    for (const [k, id] of [
      ['alert', 'alert-gone'],
      ['trip_update', 'tu-4'],
    ] as const) {
      await t.deps.db
        .update(feedLog)
        .set({ json: null, erasedAt: new Date() })
        .where(and(eq(feedLog.kind, k), eq(feedLog.entityId, id)));
    }
    manager = await login(t, ['excel'], 'manager');
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  let fullName = '';

  it('makes a summary over REST and announces the file on /ws with the finished event', async () => {
    const res = await manager.postForm('/excel/make_excel', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const jobId = await res.text();
    expect(await finishedOnSocket(t, manager, jobId)).toEqual({
      status: 'success',
      message: 'summary-2025-09-25T12-00-00.xlsx',
    });
    fullName = 'summary-2025-09-25T12-00-00.xlsx';
  });

  it('serves the workbook with its content type and attachment name', async () => {
    const res = await manager.get(`/excel/${fullName}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fullName}"`);
    // Streamed with its size and ETag known beforehand: a matching conditional GET is 304.
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const bytes = Buffer.from(await res.clone().arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect((await manager.get(`/excel/${fullName}`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
    const wb = await readWorkbook(res);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Alerts',
      'TripUpdates',
      'Alert log',
      'Trip update log',
      'Daily',
      'Minutes lost by cause',
    ]);
  });

  it('counts alerts by date issued, cause, effect, route, stop and trip, each block titled', async () => {
    const sheet = (await readWorkbook(await manager.get(`/excel/${fullName}`))).getWorksheet('Alerts')!;
    expect(values(sheet, 1)).toEqual([
      'Alerts by date issued',
      null,
      null,
      'Alerts by cause',
      null,
      null,
      'Alerts by effect',
      null,
      null,
      'Alerts by route',
      null,
      null,
      null,
      'Alerts by stop',
      null,
      null,
      null,
      'Alerts by trip',
      null,
      null,
    ]);
    expect(sheet.getRow(2).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(block(sheet, 1, 2)).toEqual([
      [local('2025-09-22'), 1],
      [local('2025-09-23'), 1],
      [local('2025-09-24'), 1],
      [local('2025-09-25'), 1],
    ]);
    expect(block(sheet, 4, 2)).toEqual([
      ['STRIKE', 2],
      ['MAINTENANCE', 1],
      ['OTHER_CAUSE', 1],
    ]);
    expect(block(sheet, 7, 2)).toEqual([
      ['DETOUR', 1],
      ['NO_SERVICE', 1],
      ['REDUCED_SERVICE', 1],
      ['SIGNIFICANT_DELAYS', 1],
    ]);
    expect(block(sheet, 10, 3)).toEqual([
      ['NTH', 'Northern Line', 1],
      ['STH', 'Southern Line', 1],
    ]);
    expect(block(sheet, 14, 3)).toEqual([
      ['BLV', 'Bellville', 1],
      ['CPT', 'Cape Town', 1],
      ['EER', 'Eerste River', 1],
    ]);
    expect(block(sheet, 18, 3)).toEqual([['WD-2300', '2300', 1]]);
  });

  it('counts trip updates by date issued, route, trip and stop', async () => {
    const sheet = (await readWorkbook(await manager.get(`/excel/${fullName}`))).getWorksheet('TripUpdates')!;
    expect(values(sheet, 2)).toEqual([
      'Date',
      'Trip updates',
      null,
      'Route id',
      'Route name',
      'Trip updates',
      null,
      'Trip id',
      'Train number',
      'Route',
      'Trip updates',
      null,
      'Stop id',
      'Stop name',
      'Trip updates',
    ]);
    expect(block(sheet, 1, 2)).toEqual([
      [local('2025-09-23'), 1],
      [local('2025-09-24'), 3],
    ]);
    expect(block(sheet, 4, 3)).toEqual([
      ['NTH', 'Northern Line', 3],
      ['STH', 'Southern Line', 1],
    ]);
    expect(block(sheet, 8, 4)).toEqual([
      ['WD-2300', '2300', 'Northern Line (NTH)', 2],
      ['WD-0123', '0123', 'Northern Line (NTH)', 1],
      ['WD-9001', '9001', 'Southern Line (STH)', 1],
    ]);
    expect(block(sheet, 13, 3)).toEqual([
      ['EER', 'Eerste River', 3],
      ['BLV', 'Bellville', 1],
      ['CPT', 'Cape Town', 1],
    ]);
  });

  it('lists every alert once, as last saved, with status and time active', async () => {
    const sheet = (await readWorkbook(await manager.get(`/excel/${fullName}`))).getWorksheet('Alert log')!;
    expect(values(sheet, 1)).toEqual([
      'Alert id',
      'First published',
      'Last changed',
      'By',
      'Active periods',
      'Cause',
      'Effect',
      'Severity',
      'Routes',
      'Stops',
      'Trips',
      'Header (en-ZA)',
      'Description (en-ZA)',
      // The operator's languages in its order (the demo's settings), only those its alerts are written in.
      'Header (af-ZA)',
      'Description (af-ZA)',
      'Status',
      'Active for (h:mm)',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:Q1');
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getColumn(13).width).toBe(60);
    expect(rows(sheet)).toEqual([
      [
        'alert-strike',
        local('2025-09-22T07:00:00'),
        local('2025-09-22T09:30:00'),
        'bob',
        '2025-09-22 06:00 – 2025-09-22 18:00',
        'STRIKE',
        'NO_SERVICE',
        'WARNING',
        'Northern Line (NTH)',
        'Bellville (BLV)',
        null,
        'Strike on the Northern Line',
        'No trains until 18:00.',
        'Staking op die Noordelike lyn',
        null,
        'Ended',
        hours(12),
      ],
      [
        'alert-works',
        local('2025-09-23T08:00:00'),
        local('2025-09-23T08:00:00'),
        'alice',
        '2025-09-23 08:00 – …',
        'MAINTENANCE',
        'REDUCED_SERVICE',
        'UNKNOWN_SEVERITY',
        null,
        'Cape Town (CPT)',
        'WD-2300',
        null,
        'Track work at Cape Town.',
        null,
        null,
        'Ended',
        hours(24),
      ],
      [
        'alert-open',
        local('2025-09-24T10:00:00'),
        local('2025-09-24T10:00:00'),
        'carol',
        null,
        'STRIKE',
        'SIGNIFICANT_DELAYS',
        'SEVERE',
        'Southern Line (STH)',
        null,
        null,
        'Delays on the Southern Line',
        null,
        null,
        null,
        'Active',
        hours(26),
      ],
      [
        'alert-future',
        local('2025-09-25T09:00:00'),
        local('2025-09-25T09:00:00'),
        'alice',
        '2025-09-26 06:00 – 2025-09-26 10:00',
        'OTHER_CAUSE',
        'DETOUR',
        'INFO',
        null,
        'Eerste River (EER)',
        null,
        'Buses replace trains at Eerste River',
        null,
        null,
        null,
        'Not yet started',
        hours(0),
      ],
    ]);
  });

  it('lists every trip update once per run of its trip, with delays in minutes', async () => {
    const sheet = (await readWorkbook(await manager.get(`/excel/${fullName}`))).getWorksheet(
      'Trip update log',
    )!;
    expect(values(sheet, 1)).toEqual([
      'Trip id',
      'Train number',
      'Service date',
      'Route',
      'Cancelled',
      'Skipped stops',
      'Skipped stop names',
      'Largest delay (min)',
      'Delay at last stop (min)',
      'By',
      'When',
    ]);
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(rows(sheet)).toEqual([
      [
        'WD-2300',
        '2300',
        local('2025-09-23'),
        'Northern Line (NTH)',
        'No',
        0,
        null,
        10,
        7,
        'bob',
        local('2025-09-23T05:05:00'),
      ],
      [
        'WD-2300',
        '2300',
        local('2025-09-24'),
        'Northern Line (NTH)',
        'No',
        0,
        null,
        1,
        1,
        'alice',
        local('2025-09-24T04:40:00'),
      ],
      [
        'WD-0123',
        '0123',
        local('2025-09-24'),
        'Northern Line (NTH)',
        'Yes',
        0,
        null,
        null,
        null,
        'carol',
        local('2025-09-24T05:00:00'),
      ],
      [
        'WD-9001',
        '9001',
        local('2025-09-24'),
        'Southern Line (STH)',
        'No',
        1,
        'Cape Town (CPT)',
        3,
        3,
        'bob',
        local('2025-09-24T23:00:00'),
      ],
    ]);
  });

  it('sums each day: trains cancelled and delayed, delays, stops skipped, alerts active', async () => {
    const sheet = (await readWorkbook(await manager.get(`/excel/${fullName}`))).getWorksheet('Daily')!;
    expect(values(sheet, 1)).toEqual([
      'Date',
      'Trains cancelled',
      'Trains delayed',
      'Average delay (min)',
      'Largest delay (min)',
      'Stops skipped',
      'Alerts active',
    ]);
    expect(sheet.autoFilter).toBe('A1:G1');
    expect(rows(sheet)).toEqual([
      [local('2025-09-22'), 0, 0, null, null, 0, 1],
      [local('2025-09-23'), 0, 1, 10, 10, 0, 1],
      [local('2025-09-24'), 1, 2, 2, 3, 1, 2],
      [local('2025-09-25'), 0, 0, null, null, 0, 1],
    ]);
  });

  it('makes a summary of a period over tRPC and announces it on the jobs.onMessage subscription', async () => {
    const started = await manager.trpc('mutation', 'summaries.create', {
      from: '2025-09-24',
      to: '2025-09-24',
    });
    expect(started.status).toBe(200);
    const { jobId } = started.body.result.data;
    const final = await finishedOnTrpc(t, manager, jobId);
    // Same second as the first summary: the name gets a counter.
    expect(final).toMatchObject({ status: 'success', message: 'summary-2025-09-25T12-00-00-2.xlsx' });
    const wb = await readWorkbook(await manager.get(`/excel/${final.message}`));
    expect(rows(wb.getWorksheet('Alert log')!).map((r) => r[0])).toEqual(['alert-open']);
    expect(rows(wb.getWorksheet('Trip update log')!).map((r) => [r[0], r[4]])).toEqual([
      ['WD-2300', 'No'],
      ['WD-0123', 'Yes'],
      ['WD-9001', 'No'],
    ]);
    expect(rows(wb.getWorksheet('Daily')!)).toEqual([[local('2025-09-24'), 1, 2, 2, 3, 1, 1]]);
  });

  it('lists summaries newest first, over REST and tRPC', async () => {
    const names = ['summary-2025-09-25T12-00-00-2.xlsx', 'summary-2025-09-25T12-00-00.xlsx'];
    expect(await (await manager.get('/excel/list_excel')).json()).toEqual(names);
    expect((await manager.trpc('query', 'summaries.list')).body.result.data).toEqual(names);
  });

  it('refuses a period that is not a pair of dates, before starting a job', async () => {
    const res = await manager.fetch('/excel/make_excel?from=2025-13-01', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error: 'Invalid input',
      description: "Give 'from' as a date like 2025-09-23 (year-month-day).",
    });
    const swapped = await manager.trpc('mutation', 'summaries.create', {
      from: '2025-09-25',
      to: '2025-09-24',
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error.message).toBe(
      'The period starts (2025-09-25) after it ends (2025-09-24); swap from and to.',
    );
  });

  it('needs a login and the excel role for every call and for the socket', async () => {
    const anonymous = t.client();
    const viewer = await login(t, ['view', 'edit', 'gtfs', 'admin']);
    for (const [browser, status] of [
      [anonymous, 401],
      [viewer, 403],
    ] as const) {
      const answers = [
        await browser.get('/excel/list_excel'),
        await browser.fetch('/excel/make_excel', { method: 'POST' }),
        await browser.get(`/excel/${fullName}`),
        await browser.delete(`/excel/${fullName}`),
      ];
      expect(answers.map((r) => r.status)).toEqual([status, status, status, status]);
      expect((await answers[0]!.json()).code).toBe(status);
      for (const [kind, path] of [
        ['query', 'summaries.list'],
        ['mutation', 'summaries.create'],
        ['mutation', 'summaries.delete'],
      ] as const) {
        const res = await browser.trpc(kind, path, kind === 'query' ? undefined : { name: fullName });
        expect(res.status).toBe(status);
      }
    }
    const jobId = await (await manager.postForm('/excel/make_excel', {})).text();
    await expect(finishedOnSocket(t, viewer, jobId)).rejects.toThrow("This job needs the 'excel' role.");
    expect(await finishedOnSocket(t, manager, jobId)).toMatchObject({ status: 'success' });
    expect(await (await manager.get('/excel/list_excel')).json()).toHaveLength(3);
  });

  it('deletes a summary, then answers 404 for it and for names that are not summaries', async () => {
    const res = await manager.delete(`/excel/${fullName}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: `Successfully deleted ${fullName}.` });
    expect(await (await manager.get('/excel/list_excel')).json()).not.toContain(fullName);
    for (const name of [
      fullName,
      '..%2F..%2Fetc%2Fpasswd',
      'summary-2025-09-25T12-00-00.xlsx%00.txt',
      "x'%3Bdrop table stored_files",
    ]) {
      const again = await manager.delete(`/excel/${name}`);
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ code: 404, error: 'Unknown summary' });
      expect((await manager.get(`/excel/${name}`)).status).toBe(404);
    }
    const viaTrpc = await manager.trpc('mutation', 'summaries.delete', { name: fullName });
    expect(viaTrpc.status).toBe(404);
  });

  it('shows the same summaries to a second app on the same database, and its jobs to the first', async () => {
    other = await startTestApp({ database: t.db });
    other.clock.now = NOW;
    const elsewhere = await login(other, ['excel'], 'manager-2');
    expect(await (await elsewhere.get('/excel/list_excel')).json()).toEqual(
      await (await manager.get('/excel/list_excel')).json(),
    );
    const jobId = await (await elsewhere.postForm('/excel/make_excel', {})).text();
    const finished = await finishedOnSocket(t, manager, jobId);
    expect(finished.status).toBe('success');
    expect((await (await manager.get('/excel/list_excel')).json())[0]).toBe(finished.message);
  });

  it('refuses one more summary while a user has SUMMARIES_PER_PRINCIPAL being made, with a sentence, over REST and tRPC', async () => {
    const [me] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const principal = `user:${me!.id}`;
    const refuse = () => t.deps.quotas.refusal('summaries_per_principal', 'too_many_summaries', 'held');
    // Two summaries of this user being made (the default SUMMARIES_PER_PRINCIPAL).
    const held = [0, 1].map(() => t.deps.quotas.take('summaries_per_principal', principal, 10, refuse));
    try {
      const res = await manager.fetch('/excel/make_excel', { method: 'POST' });
      expect(res.status).toBe(429);
      expect((await res.json()).description).toBe(
        'You have 2 summaries being made already (SUMMARIES_PER_PRINCIPAL); wait until one is done, then start the next.',
      );
      expect((await manager.trpc('mutation', 'summaries.create', {})).status).toBe(429);
      // Another user is not held back by it.
      const other = await login(t, ['excel'], 'other-manager');
      expect((await other.fetch('/excel/make_excel', { method: 'POST' })).status).toBe(200);
    } finally {
      for (const give of held) give();
    }
    expect((await manager.fetch('/excel/make_excel', { method: 'POST' })).status).toBe(200);
    const metrics = await (await t.client().get('/metrics')).text();
    expect(metrics).toMatch(/feeddesk_quota_refusals_total\{quota="summaries_per_principal"\} [1-9]/);
  });
});

/**
 * Logs in at real time: the test client drops cookies whose expiry is past by the wall clock,
 * and the app's clock is fixed in 2025.
 */
async function login(app: TestApp, roles: string[], name?: string): Promise<HttpClient> {
  const fixed = app.clock.now;
  app.clock.now = null;
  try {
    return await app.clientWithRoles(roles, name);
  } finally {
    app.clock.now = fixed;
  }
}

async function seedLog(t: TestApp, list: Seed[]) {
  for (const s of list) {
    await t.deps.db.insert(feedLog).values({
      kind: s.kind,
      entityId: s.id,
      action: s.action ?? 'save',
      at: jnb(s.at),
      by: s.by,
      json: s.json ?? null,
    });
  }
}

async function readWorkbook(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return wb;
}

/** A row's cell values from column 1, empty cells (and empty text) as null. */
function values(sheet: ExcelJS.Worksheet, row: number, from = 1, width = sheet.columnCount): unknown[] {
  const r = sheet.getRow(row);
  return Array.from({ length: width }, (_, i) => {
    const v = r.getCell(from + i).value;
    return v === undefined || v === null || v === '' ? null : v;
  });
}

/** The data rows of a one-table sheet (below its header). */
function rows(sheet: ExcelJS.Worksheet): unknown[][] {
  const width = values(sheet, 1).length;
  return Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(sheet, i + 2, 1, width));
}

/** One block of a count sheet: rows below the title and header rows until its first cell is empty. */
function block(sheet: ExcelJS.Worksheet, column: number, width: number): unknown[][] {
  const out: unknown[][] = [];
  for (let r = 3; r <= sheet.rowCount; r++) {
    const row = values(sheet, r, column, width);
    if (row[0] === null) break;
    out.push(row);
  }
  return out;
}

function finishedOnSocket(
  t: TestApp,
  browser: HttpClient,
  jobId: string,
): Promise<{ status: string; message: string }> {
  const socket = io(t.url, {
    path: '/ws',
    transports: ['websocket'],
    extraHeaders: { cookie: browser.cookieHeader },
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => socket.emit('join-room', { room: jobId }));
    socket.on('finished', (message) => {
      socket.close();
      resolve(message);
    });
    socket.on('error-message', (message) => {
      socket.close();
      reject(new Error(message.message));
    });
    socket.on('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function finishedOnTrpc(t: TestApp, browser: HttpClient, jobId: string) {
  const cookie = browser.cookieHeader;
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  const wsClient = createWSClient({
    url: `${t.url.replace('http', 'ws')}/trpc`,
    WebSocket: CookieWebSocket as never,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  try {
    return await new Promise<{ status: string; message: string }>((resolve, reject) => {
      const sub = client.jobs.onMessage.subscribe(
        { jobId },
        {
          onData(event) {
            const message = ('data' in event ? event.data : event) as { status: string; message: string };
            if (message.status === 'working') return;
            sub.unsubscribe();
            resolve(message);
          },
          onError: reject,
        },
      );
    });
  } finally {
    wsClient.close();
  }
}
