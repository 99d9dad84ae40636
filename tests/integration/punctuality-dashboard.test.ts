import { deleteFeedEntity } from '@feeddesk/server/feed/delete-feed-entity';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import type { Punctuality } from '@feeddesk/server/summaries/get-punctuality';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { followOverSocket } from '../support/live.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const en = (text: string) => ({ translation: [{ text, language: 'en-ZA' }] });
const delay = (stopSequence: number, stopId: string, seconds: number) => ({
  stopSequence,
  stopId,
  arrival: { delay: seconds },
});
const skip = (stopSequence: number, stopId: string) => ({
  stopSequence,
  stopId,
  scheduleRelationship: 'SKIPPED',
});
const trip = (tripId: string, startDate: string, more: object = {}) => ({ tripId, startDate, ...more });

type Step =
  | { at: string; by: string; tripUpdate: { trip: object; stopTimeUpdate?: object[] } }
  | { at: string; by: string; alert: object }
  | { at: string; by: string; delete: 'trip_update' | 'alert'; id: string };

/**
 * A week of desk work (local times, Africa/Johannesburg), saved and deleted through the feed
 * service with the clock at each step, so the history is what the product itself logs.
 */
const WEEK: Step[] = [
  {
    at: '2025-09-22T05:00:00',
    by: 'alice',
    tripUpdate: {
      trip: trip('WD-2300', '20250922'),
      stopTimeUpdate: [delay(0, 'EER', 300), delay(1, 'BLV', 420)],
    },
  },
  {
    at: '2025-09-22T06:10:00',
    by: 'bob',
    tripUpdate: { trip: trip('WD-0123', '20250922', { scheduleRelationship: 'CANCELED' }) },
  },
  {
    at: '2025-09-22T07:00:00',
    by: 'alice',
    alert: {
      id: 'strike',
      informedEntity: [{ routeId: 'NTH' }],
      cause: 'STRIKE',
      effect: 'NO_SERVICE',
      headerText: en('Strike'),
    },
  },
  {
    at: '2025-09-23T04:50:00',
    by: 'alice',
    tripUpdate: { trip: trip('WD-2300', '20250923'), stopTimeUpdate: [delay(0, 'EER', 120)] },
  },
  {
    at: '2025-09-23T05:10:00',
    by: 'bob',
    tripUpdate: { trip: trip('WD-2300', '20250923'), stopTimeUpdate: [delay(0, 'EER', 600)] },
  },
  {
    at: '2025-09-23T08:10:00',
    by: 'carol',
    tripUpdate: { trip: trip('WD-1234', '20250923'), stopTimeUpdate: [skip(1, 'EER'), delay(2, 'CPT', 240)] },
  },
  {
    at: '2025-09-23T08:30:00',
    by: 'carol',
    alert: {
      id: 'works',
      informedEntity: [{ stopId: 'CPT' }],
      cause: 'MAINTENANCE',
      effect: 'REDUCED_SERVICE',
      headerText: en('Works'),
    },
  },
  { at: '2025-09-23T12:00:00', by: 'bob', delete: 'alert', id: 'strike' },
  {
    at: '2025-09-23T23:40:00',
    by: 'bob',
    tripUpdate: {
      trip: trip('WD-9001', '20250923', { routeId: 'STH' }),
      stopTimeUpdate: [skip(10, 'CPT'), delay(20, 'EER', 180)],
    },
  },
  {
    at: '2025-09-25T06:05:00',
    by: 'alice',
    tripUpdate: { trip: trip('WD-0123', '20250925', { scheduleRelationship: 'CANCELED' }) },
  },
  {
    at: '2025-09-25T08:05:00',
    by: 'alice',
    tripUpdate: { trip: trip('WD-1234', '20250925'), stopTimeUpdate: [skip(1, 'EER'), skip(2, 'CPT')] },
  },
  {
    at: '2025-09-25T09:00:00',
    by: 'carol',
    alert: {
      id: 'strike-sth',
      informedEntity: [{ routeId: 'STH' }],
      cause: 'STRIKE',
      effect: 'SIGNIFICANT_DELAYS',
      headerText: en('Strike south'),
    },
  },
  { at: '2025-09-25T09:30:00', by: 'carol', delete: 'trip_update', id: 'WD-0123' },
  // After the first period: only the longer one counts these.
  {
    at: '2025-09-29T05:00:00',
    by: 'bob',
    tripUpdate: { trip: trip('WD-2300', '20250929'), stopTimeUpdate: [delay(0, 'EER', 900)] },
  },
  {
    at: '2025-09-29T06:00:00',
    by: 'bob',
    alert: {
      id: 'storm',
      informedEntity: [{ stopId: 'EER' }],
      cause: 'WEATHER',
      effect: 'DETOUR',
      headerText: en('Storm'),
    },
  },
];

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);
/** exceljs reads a date cell of the agency's day back as midnight UTC of that date. */
const isoDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

describe('punctuality dashboard', () => {
  let t: TestApp;
  let manager: HttpClient;
  let viewer: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.clientWithRoles(['excel'], 'manager');
    viewer = await t.clientWithRoles(['view', 'gtfs'], 'viewer');
    t.clock.now = jnb('2025-09-21T12:00:00');
    await storeScheduleVersion(t.deps, {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'test',
      jobId: null,
    });
    const ids = new Map<string, string>();
    for (const step of WEEK) {
      t.clock.now = jnb(step.at);
      if ('delete' in step) {
        await deleteFeedEntity(t.deps, { kind: step.delete, id: ids.get(step.id) ?? step.id, by: step.by });
        continue;
      }
      const kind = 'alert' in step ? 'alert' : 'trip_update';
      const json = 'alert' in step ? { alert: step.alert } : { tripUpdate: step.tripUpdate };
      const saved = await saveFeedEntity(t.deps, { kind, entity: { json }, by: step.by, log: true });
      const key =
        'alert' in step
          ? (step.alert as { id: string }).id
          : (step.tripUpdate.trip as { tripId: string }).tripId;
      ids.set(key, saved.id);
    }
    t.clock.now = jnb('2025-09-30T12:00:00');
  });
  afterAll(() => t?.close());

  const punctuality = async (from: string, to: string): Promise<Punctuality> => {
    const res = await manager.trpc('query', 'summaries.punctuality', { from, to });
    expect(res.status).toBe(200);
    return res.body.result.data;
  };

  const summaryWorkbook = async (from: string, to: string) => {
    const started = await manager.trpc('mutation', 'summaries.create', { from, to });
    const { jobId } = started.body.result.data as { jobId: string };
    const final = (await followOverSocket(t.url, manager.cookieHeader, jobId, 'finished')).at(-1)!;
    expect(final.status).toBe('success');
    const res = await manager.get(`/excel/${final.message}`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    return wb;
  };

  it('counts the week as the desk worked it', async () => {
    const week = await punctuality('2025-09-22', '2025-09-26');
    expect(week.days.map((d) => [d.day, d.cancelled, d.delayed, minutes(d.averageDelay), d.skipped])).toEqual(
      [
        ['2025-09-22', 1, 1, 7, 0],
        ['2025-09-23', 0, 3, 5.7, 2],
        ['2025-09-24', 0, 0, null, 0],
        ['2025-09-25', 1, 0, null, 2],
      ],
    );
    expect(week.routes.map((r) => [r.routeId, r.routeName, r.tripUpdates, r.cancelled, r.delayed])).toEqual([
      ['NTH', 'Northern Line', 6, 2, 3],
      ['STH', 'Southern Line', 1, 0, 1],
    ]);
    expect(week.alertsByCause).toEqual([
      { cause: 'STRIKE', alerts: 2 },
      { cause: 'MAINTENANCE', alerts: 1 },
    ]);
    expect(week.skippedStops).toEqual([
      { stopId: 'CPT', stopName: 'Cape Town', tripUpdates: 2 },
      { stopId: 'EER', stopName: 'Eerste River', tripUpdates: 2 },
    ]);
  });

  for (const [from, to] of [
    ['2025-09-22', '2025-09-26'],
    ['2025-09-23', '2025-09-29'],
  ] as const) {
    it(`shows the figures of the summary workbook for ${from} to ${to}`, async () => {
      const [dashboard, wb] = await Promise.all([punctuality(from, to), summaryWorkbook(from, to)]);
      const daily = rows(wb.getWorksheet('Daily')!);
      expect(
        dashboard.days.map((d) => [
          d.day,
          d.cancelled,
          d.delayed,
          minutes(d.averageDelay),
          minutes(d.maxDelay),
          d.skipped,
          d.alertsActive,
        ]),
      ).toEqual(daily.map(([day, ...rest]) => [isoDay(day), ...rest]));
      expect(daily.length).toBeGreaterThan(3);

      const alerts = wb.getWorksheet('Alerts')!;
      expect(dashboard.alertsByCause.map((c) => [c.cause, c.alerts])).toEqual(
        block(alerts, 'Alerts by cause', 2),
      );

      const tripUpdates = wb.getWorksheet('TripUpdates')!;
      expect(dashboard.routes.map((r) => [r.routeId, r.routeName, r.tripUpdates])).toEqual(
        block(tripUpdates, 'Trip updates by route', 3),
      );
      // Per route and per stop, from the workbook's one row per trip update.
      const log = rows(wb.getWorksheet('Trip update log')!);
      const perRoute = new Map<string, { cancelled: number; delayed: number; max: number | null }>();
      const skippedAt = new Map<string, number>();
      for (const [, , , route, cancelled, , skippedNames, largest] of log) {
        const r = perRoute.get(route as string) ?? { cancelled: 0, delayed: 0, max: null };
        if (cancelled === 'Yes') r.cancelled++;
        else if (typeof largest === 'number' && largest > 0) {
          r.delayed++;
          r.max = Math.max(r.max ?? 0, largest);
        }
        perRoute.set(route as string, r);
        for (const name of skippedNames ? String(skippedNames).split('; ') : [])
          skippedAt.set(name, (skippedAt.get(name) ?? 0) + 1);
      }
      expect(
        Object.fromEntries(
          dashboard.routes.map((r) => [
            `${r.routeName} (${r.routeId})`,
            { cancelled: r.cancelled, delayed: r.delayed, max: minutes(r.maxDelay) },
          ]),
        ),
      ).toEqual(Object.fromEntries(perRoute));
      expect(
        Object.fromEntries(dashboard.skippedStops.map((s) => [`${s.stopName} (${s.stopId})`, s.tripUpdates])),
      ).toEqual(Object.fromEntries(skippedAt));
    });
  }

  it('refuses a period that ends before it starts, and users without the excel role', async () => {
    const swapped = await manager.trpc('query', 'summaries.punctuality', {
      from: '2025-09-26',
      to: '2025-09-22',
    });
    expect(swapped.status).toBe(400);
    expect((await viewer.trpc('query', 'summaries.punctuality', {})).status).toBe(403);
  });
});

/** A row's cell values, empty cells as null. */
function values(sheet: ExcelJS.Worksheet, row: number, from: number, width: number): unknown[] {
  const r = sheet.getRow(row);
  return Array.from({ length: width }, (_, i) => {
    const v = r.getCell(from + i).value;
    return v === undefined || v === null || v === '' ? null : v;
  });
}

/** The data rows of a one-table sheet (below its header). */
function rows(sheet: ExcelJS.Worksheet): unknown[][] {
  return Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(sheet, i + 2, 1, sheet.columnCount));
}

/** The rows of the titled block of a count sheet (title in row 1, header in row 2). */
function block(sheet: ExcelJS.Worksheet, title: string, width: number): unknown[][] {
  const column = values(sheet, 1, 1, sheet.columnCount).indexOf(title) + 1;
  expect(column).toBeGreaterThan(0);
  const out: unknown[][] = [];
  for (let r = 3; r <= sheet.rowCount; r++) {
    const row = values(sheet, r, column, width);
    if (row[0] === null) break;
    out.push(row);
  }
  return out;
}
