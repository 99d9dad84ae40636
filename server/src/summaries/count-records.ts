import { isoDay, localDay, nextDay } from './local-time.ts';
import type { AlertRecord, TripUpdateRecord } from './log-records.ts';

export type Count = { key: string; count: number };

/** How many records carry each key (a record counts once per distinct key); most first. */
export function countBy<T>(
  records: T[],
  keysOf: (record: T) => Iterable<string>,
  order: 'count' | 'key' = 'count',
): Count[] {
  const counts = new Map<string, number>();
  for (const record of records) for (const key of keysOf(record)) counts.set(key, (counts.get(key) ?? 0) + 1);
  const rows = [...counts].map(([key, count]) => ({ key, count }));
  return rows.sort((a, b) => (order === 'key' ? cmp(a.key, b.key) : b.count - a.count || cmp(a.key, b.key)));
}

export type AlertStatus = 'Active' | 'Ended' | 'Not yet started';

/**
 * When an alert was in force: its active periods (an open start = when first published, an open
 * end = until deleted or now), cut at its deletion and at now, merged. No period = always, from
 * first publication.
 */
export function alertActivity(
  alert: AlertRecord,
  now: number,
): { intervals: [number, number][]; activeMs: number; status: AlertStatus } {
  const stop = Math.min(alert.deletedAt ?? Number.POSITIVE_INFINITY, now);
  const periods = alert.periods.length > 0 ? alert.periods : [{}];
  const raw = periods
    .map((p): [number, number] => [
      p.start ? p.start * 1000 : alert.firstAt,
      Math.min(p.end ? p.end * 1000 : Infinity, stop),
    ])
    .filter(([s, e]) => s < e)
    .sort((a, b) => a[0] - b[0]);
  const intervals: [number, number][] = [];
  for (const [s, e] of raw) {
    const last = intervals[intervals.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else intervals.push([s, e]);
  }
  const activeMs = intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
  return { intervals, activeMs, status: alertStatus(alert, periods, now) };
}

function alertStatus(alert: AlertRecord, periods: AlertRecord['periods'], now: number): AlertStatus {
  if (alert.deletedAt !== null && alert.deletedAt <= now) return 'Ended';
  const nowSecs = now / 1000;
  const startOf = (p: AlertRecord['periods'][number]) => p.start ?? alert.firstAt / 1000;
  if (periods.some((p) => startOf(p) <= nowSecs && (p.end === undefined || p.end > nowSecs))) return 'Active';
  if (periods.some((p) => startOf(p) > nowSecs)) return 'Not yet started';
  return 'Ended';
}

/** The service day of a trip update: its start date, else the local day it was first saved. */
export function serviceDay(record: TripUpdateRecord, timezone: string): string {
  return record.startDate ? isoDay(record.startDate) : localDay(record.firstAt, timezone);
}

export type DailyRow = {
  day: string;
  cancelled: number;
  delayed: number;
  /** Seconds, over the delayed trains (their largest delay). */
  averageDelay: number | null;
  maxDelay: number | null;
  skipped: number;
  alertsActive: number;
};

export type DailyOptions = { timezone: string; now: number; fromDay: string | null; toDay: string | null };

/**
 * One row per day, from the first to the last day with a trip update or a new alert (inside the
 * period): trains cancelled and delayed (a delay above zero, not cancelled), their average and
 * largest delay, stops skipped, and alerts in force at some time of that day.
 */
export function dailyRows(
  alerts: AlertRecord[],
  tripUpdates: TripUpdateRecord[],
  options: DailyOptions,
): DailyRow[] {
  const { timezone } = options;
  const days = new Map<string, DailyRow & { delaySum: number }>();
  const row = (day: string) => {
    let r = days.get(day);
    if (!r) {
      r = {
        day,
        cancelled: 0,
        delayed: 0,
        averageDelay: null,
        maxDelay: null,
        skipped: 0,
        alertsActive: 0,
        delaySum: 0,
      };
      days.set(day, r);
    }
    return r;
  };
  for (const tu of tripUpdates) {
    const r = row(serviceDay(tu, timezone));
    r.skipped += tu.skippedStops.length;
    if (tu.cancelled) r.cancelled++;
    else if (tu.maxDelay !== null && tu.maxDelay > 0) {
      r.delayed++;
      r.delaySum += tu.maxDelay;
      r.maxDelay = Math.max(r.maxDelay ?? 0, tu.maxDelay);
    }
  }
  // Alerts in force per day: +1 on the first day of an interval, -1 the day after its last.
  const delta = new Map<string, number>();
  for (const alert of alerts) {
    row(localDay(alert.firstAt, timezone));
    for (const [s, e] of alertActivity(alert, options.now).intervals) {
      const first = localDay(s, timezone);
      const after = nextDay(localDay(e - 1, timezone));
      delta.set(first, (delta.get(first) ?? 0) + 1);
      delta.set(after, (delta.get(after) ?? 0) - 1);
    }
  }
  const shown = [...days.keys()].filter(
    (d) => (!options.fromDay || d >= options.fromDay) && (!options.toDay || d <= options.toDay),
  );
  if (shown.length === 0) return [];
  shown.sort(cmp);
  const [firstShown, lastShown] = [shown[0]!, shown[shown.length - 1]!];
  const deltaDays = [...delta.keys()].sort(cmp);
  let active = 0;
  let k = 0;
  for (; k < deltaDays.length && deltaDays[k]! < firstShown; k++) active += delta.get(deltaDays[k]!)!;
  const result: DailyRow[] = [];
  for (let day = firstShown; day <= lastShown; day = nextDay(day)) {
    for (; k < deltaDays.length && deltaDays[k]! <= day; k++) active += delta.get(deltaDays[k]!)!;
    const r = days.get(day) ?? row(day);
    const { delaySum, ...rest } = r;
    result.push({ ...rest, averageDelay: r.delayed > 0 ? delaySum / r.delayed : null, alertsActive: active });
  }
  return result;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
