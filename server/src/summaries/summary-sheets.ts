import type { OfferedLanguage } from '@feeddesk/drizzle';
import { DateTime } from 'luxon';
import { alertActivity, type Count, countBy, type DailyRow, serviceDay } from './count-records.ts';
import type { Block, TableColumn } from './excel-sheets.ts';
import type { ScheduleNames } from './load-schedule-names.ts';
import { excelDateTime, excelDay, localDay } from './local-time.ts';
import type { AlertRecord, TripUpdateRecord } from './log-records.ts';
import type { MinutesLostRow } from './minutes-lost.ts';

export type SheetContext = {
  names: ScheduleNames;
  timezone: string;
  now: number;
  /** The operator's settings: the alert log's text columns follow them. */
  languages: readonly OfferedLanguage[];
  defaultLanguage: string;
};

const count = (header: string): TableColumn => ({ header, width: 12, format: 'count' });
const DAY_COLUMN: TableColumn = { header: 'Date', width: 12, format: 'date' };

/**
 * The train number riders know: the schedule's trip_short_name (`6116` of LIRR's trip
 * `GO103_25_6116`), else the part of the trip id after its last '-' (`WD-2300` → `2300`).
 */
export function trainNumber(tripId: string, names?: Pick<ScheduleNames, 'trips'>): string {
  const short = names?.trips.get(tripId)?.shortName?.trim();
  return short || tripId.slice(tripId.lastIndexOf('-') + 1);
}

/** The route a trip update is on: its own route_id, else the schedule's route of its trip. */
export function routeOf(tu: TripUpdateRecord, names: ScheduleNames): string | null {
  return tu.routeId ?? names.trips.get(tu.tripId)?.routeId ?? null;
}

/** Sheet "Alerts": counts by date issued, cause, effect, route, stop and trip. */
export function alertCountBlocks(alerts: AlertRecord[], { names, timezone }: SheetContext): Block[] {
  const n = count('Alerts');
  return [
    {
      title: 'Alerts by date issued',
      columns: [DAY_COLUMN, n],
      rows: dayRows(countBy(alerts, (a) => [localDay(a.firstAt, timezone)], 'key')),
    },
    {
      title: 'Alerts by cause',
      columns: [{ header: 'Cause', width: 22 }, n],
      rows: plainRows(countBy(alerts, (a) => [a.cause])),
    },
    {
      title: 'Alerts by effect',
      columns: [{ header: 'Effect', width: 22 }, n],
      rows: plainRows(countBy(alerts, (a) => [a.effect])),
    },
    {
      title: 'Alerts by route',
      columns: [{ header: 'Route id', width: 12 }, { header: 'Route name', width: 28 }, n],
      rows: namedRows(
        countBy(alerts, (a) => a.routes),
        names.routes,
      ),
    },
    {
      title: 'Alerts by stop',
      columns: [{ header: 'Stop id', width: 12 }, { header: 'Stop name', width: 28 }, n],
      rows: namedRows(
        countBy(alerts, (a) => a.stops),
        names.stops,
      ),
    },
    {
      title: 'Alerts by trip',
      columns: [{ header: 'Trip id', width: 16 }, { header: 'Train number', width: 12 }, n],
      rows: countBy(alerts, (a) => a.trips).map((c) => [c.key, trainNumber(c.key, names), c.count]),
    },
  ];
}

/** Sheet "TripUpdates": counts by date issued, route, trip and stop. */
export function tripUpdateCountBlocks(
  tripUpdates: TripUpdateRecord[],
  { names, timezone }: SheetContext,
): Block[] {
  const n = count('Trip updates');
  const routeByTrip = new Map<string, string>();
  for (const t of tripUpdates) {
    const routeId = routeOf(t, names);
    if (routeId) routeByTrip.set(t.tripId, routeId);
  }
  return [
    {
      title: 'Trip updates by date issued',
      columns: [DAY_COLUMN, n],
      rows: dayRows(countBy(tripUpdates, (t) => [localDay(t.firstAt, timezone)], 'key')),
    },
    {
      title: 'Trip updates by route',
      columns: [{ header: 'Route id', width: 12 }, { header: 'Route name', width: 28 }, n],
      rows: namedRows(
        countBy(tripUpdates, (t) => optional(routeOf(t, names))),
        names.routes,
      ),
    },
    {
      title: 'Trip updates by trip',
      columns: [
        { header: 'Trip id', width: 16 },
        { header: 'Train number', width: 12 },
        { header: 'Route', width: 28 },
        n,
      ],
      rows: countBy(tripUpdates, (t) => [t.tripId]).map((c) => {
        const routeId = routeByTrip.get(c.key);
        return [c.key, trainNumber(c.key, names), routeId ? label(routeId, names.routes) : null, c.count];
      }),
    },
    {
      title: 'Trip updates by stop',
      columns: [{ header: 'Stop id', width: 12 }, { header: 'Stop name', width: 28 }, n],
      rows: namedRows(
        countBy(tripUpdates, (t) => t.stops),
        names.stops,
      ),
    },
  ];
}

const ALERT_LOG_HEAD: TableColumn[] = [
  { header: 'Alert id', width: 24 },
  { header: 'First published', width: 17, format: 'datetime' },
  { header: 'Last changed', width: 17, format: 'datetime' },
  { header: 'By', width: 14 },
  { header: 'Active periods', width: 38 },
  { header: 'Cause', width: 20 },
  { header: 'Effect', width: 20 },
  { header: 'Severity', width: 12 },
  { header: 'Routes', width: 28 },
  { header: 'Stops', width: 28 },
  { header: 'Trips', width: 20 },
];
const ALERT_LOG_TAIL: TableColumn[] = [
  { header: 'Status', width: 15 },
  { header: 'Active for (h:mm)', width: 16, format: 'duration' },
];
const OTHER_LANGUAGES = 'Texts in languages not offered';

/**
 * The alert log's text columns: a header and a description column for each offered language that
 * some alert of the period is written in (the default language always), in the settings' order; an
 * untagged text counts as the default language. Texts in a language not offered (any more) go to
 * one last column, tagged, so no text is lost and none lands under another language's header.
 */
export function alertLogLanguages(
  alerts: AlertRecord[],
  { languages, defaultLanguage }: Pick<SheetContext, 'languages' | 'defaultLanguage'>,
): { tags: string[]; others: boolean } {
  const used = new Set<string>([defaultLanguage]);
  let others = false;
  for (const a of alerts)
    for (const tag of [...Object.keys(a.headers), ...Object.keys(a.descriptions)]) {
      const offered = offeredTag(tag, languages, defaultLanguage);
      if (offered) used.add(offered);
      else others = true;
    }
  return { tags: languages.map((l) => l.tag).filter((tag) => used.has(tag)), others };
}

/** The offered tag a written tag is (case aside; untagged = the default language), or undefined. */
function offeredTag(tag: string, languages: readonly OfferedLanguage[], defaultLanguage: string) {
  if (tag === '') return defaultLanguage;
  return languages.find((l) => l.tag.toLowerCase() === tag.toLowerCase())?.tag;
}

export function alertLogColumns(layout: { tags: string[]; others: boolean }): TableColumn[] {
  return [
    ...ALERT_LOG_HEAD,
    ...layout.tags.flatMap((tag) => [
      { header: `Header (${tag})`, width: 40 },
      { header: `Description (${tag})`, width: 60 },
    ]),
    ...(layout.others ? [{ header: OTHER_LANGUAGES, width: 60 }] : []),
    ...ALERT_LOG_TAIL,
  ];
}

/** An alert's texts in the columns of `layout`: each under its own language's header. */
function alertTextCells(
  a: AlertRecord,
  layout: { tags: string[]; others: boolean },
  context: Pick<SheetContext, 'languages' | 'defaultLanguage'>,
): (string | null)[] {
  const inColumn = (texts: Record<string, string>, column: string) =>
    Object.entries(texts).find(
      ([tag]) => offeredTag(tag, context.languages, context.defaultLanguage) === column,
    )?.[1] ?? null;
  const cells = layout.tags.flatMap((tag) => [inColumn(a.headers, tag), inColumn(a.descriptions, tag)]);
  if (!layout.others) return cells;
  const notOffered = (texts: Record<string, string>) =>
    Object.entries(texts).filter(([tag]) => !offeredTag(tag, context.languages, context.defaultLanguage));
  const other = [
    ...new Set([...notOffered(a.headers), ...notOffered(a.descriptions)].map(([tag]) => tag)),
  ].map((tag) => `${tag}: ${[a.headers[tag], a.descriptions[tag]].filter(Boolean).join(' — ')}`);
  return [...cells, other.length ? other.join('\n') : null];
}

/** Sheet "Alert log": one row per alert (a re-published id after a delete is a new alert). */
export function* alertLogRows(alerts: AlertRecord[], context: SheetContext): Generator<unknown[]> {
  const { names, timezone, now } = context;
  const layout = alertLogLanguages(alerts, context);
  for (const a of alerts) {
    const activity = alertActivity(a, now);
    yield [
      a.id,
      excelDateTime(a.firstAt, timezone),
      excelDateTime(a.lastAt, timezone),
      a.by,
      a.periods.map((p) => `${periodEnd(p.start, timezone)} – ${periodEnd(p.end, timezone)}`).join('; '),
      a.cause,
      a.effect,
      a.severity,
      a.routes.map((id) => label(id, names.routes)).join('; '),
      a.stops.map((id) => label(id, names.stops)).join('; '),
      a.trips.join('; '),
      ...alertTextCells(a, layout, context),
      activity.status,
      activity.activeMs / 86_400_000,
    ];
  }
}

export const TRIP_UPDATE_LOG_COLUMNS: TableColumn[] = [
  { header: 'Trip id', width: 16 },
  { header: 'Train number', width: 12 },
  { header: 'Service date', width: 12, format: 'date' },
  { header: 'Route', width: 28 },
  { header: 'Cancelled', width: 10 },
  { header: 'Skipped stops', width: 13, format: 'count' },
  { header: 'Skipped stop names', width: 36 },
  { header: 'Largest delay (min)', width: 18, format: 'minutes' },
  { header: 'Delay at last stop (min)', width: 21, format: 'minutes' },
  { header: 'By', width: 14 },
  { header: 'When', width: 17, format: 'datetime' },
];

/** Sheet "Trip update log": one row per trip update (one run of a trip), as last saved. */
export function* tripUpdateLogRows(
  tripUpdates: TripUpdateRecord[],
  { names, timezone }: SheetContext,
): Generator<unknown[]> {
  for (const t of tripUpdates) {
    const routeId = routeOf(t, names);
    yield [
      t.tripId,
      trainNumber(t.tripId, names),
      excelDay(serviceDay(t, timezone)),
      routeId ? label(routeId, names.routes) : null,
      t.cancelled ? 'Yes' : 'No',
      t.skippedStops.length,
      t.skippedStops.map((id) => label(id, names.stops)).join('; '),
      minutes(t.maxDelay),
      minutes(t.lastStopDelay),
      t.by,
      excelDateTime(t.lastAt, timezone),
    ];
  }
}

export const MINUTES_LOST_COLUMNS: TableColumn[] = [
  DAY_COLUMN,
  { header: 'Cause', width: 28 },
  { header: 'Code', width: 22 },
  { header: 'GTFS cause', width: 20 },
  { header: 'Trains', width: 10, format: 'count' },
  { header: 'Minutes lost', width: 14, format: 'minutes' },
];

/** Sheet "Minutes lost by cause": one row per service day and cause (docs/glossary.md "minutes lost"). */
export function* minutesLostSheetRows(rows: MinutesLostRow[]): Generator<unknown[]> {
  for (const r of rows) yield [excelDay(r.day), r.label, r.code, r.gtfsCause, r.trains, r.minutes];
}

export const DAILY_COLUMNS: TableColumn[] = [
  DAY_COLUMN,
  { header: 'Trains cancelled', width: 17, format: 'count' },
  { header: 'Trains delayed', width: 16, format: 'count' },
  { header: 'Average delay (min)', width: 19, format: 'minutes' },
  { header: 'Largest delay (min)', width: 19, format: 'minutes' },
  { header: 'Stops skipped', width: 15, format: 'count' },
  { header: 'Alerts active', width: 14, format: 'count' },
];

export function* dailySheetRows(rows: DailyRow[]): Generator<unknown[]> {
  for (const r of rows) {
    yield [
      excelDay(r.day),
      r.cancelled,
      r.delayed,
      minutes(r.averageDelay),
      minutes(r.maxDelay),
      r.skipped,
      r.alertsActive,
    ];
  }
}

/** `Northern Line (NTH)`, or the id alone when the schedule has no other name. */
function label(id: string, names: Map<string, string>): string {
  const name = names.get(id);
  return name && name !== id ? `${name} (${id})` : id;
}

function namedRows(counts: Count[], names: Map<string, string>): unknown[][] {
  return counts.map((c) => [c.key, names.get(c.key) ?? null, c.count]);
}

function plainRows(counts: Count[]): unknown[][] {
  return counts.map((c) => [c.key, c.count]);
}

function dayRows(counts: Count[]): unknown[][] {
  return counts.map((c) => [excelDay(c.key), c.count]);
}

function optional(value: string | null): string[] {
  return value ? [value] : [];
}

function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round((seconds / 60) * 10) / 10;
}

function periodEnd(secs: number | undefined, timezone: string): string {
  return secs === undefined
    ? '…'
    : DateTime.fromSeconds(secs, { zone: timezone }).toFormat('yyyy-LL-dd HH:mm');
}
