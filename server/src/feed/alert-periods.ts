import { MAX_POSIX } from './rules/not-posix-time.ts';

/** A time range in POSIX seconds; an absent bound is open (since ever / no end). */
export type Period = { start?: number; end?: number };

/** A TimeRange as protobuf or protobuf-JSON gives it (int64 may come as a string). */
type TimeRangeLike = { start?: number | string | null; end?: number | string | null };
type AlertLike = {
  activePeriod?: TimeRangeLike[] | null;
  communicationPeriod?: TimeRangeLike[] | null;
  impactPeriod?: TimeRangeLike[] | null;
};

/**
 * 0 and a missing bound are open; so is an end at or past MAX_POSIX (UINT64_MAX is how some
 * producers write "forever", and it is no date a Date can hold).
 */
function bound(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const secs = Number(value);
  return secs > 0 && secs < MAX_POSIX ? secs : undefined;
}

export function periodsOf(ranges: TimeRangeLike[] | null | undefined): Period[] {
  return (ranges ?? []).map((r) => {
    const [start, end] = [bound(r.start), bound(r.end)];
    return { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) };
  });
}

/** When service is affected: impact_period, else (an alert written before it) active_period. */
export function impactPeriods(alert: AlertLike | null | undefined): Period[] {
  const impact = periodsOf(alert?.impactPeriod);
  return impact.length > 0 ? impact : periodsOf(alert?.activePeriod);
}

/**
 * When riders are told: communication_period. None = for as long as the alert is in the feed
 * (the GTFS-Realtime reference), so an alert without one is told at any time.
 */
export function communicationPeriods(alert: AlertLike | null | undefined): Period[] {
  const told = periodsOf(alert?.communicationPeriod);
  return told.length > 0 ? told : [{}];
}

export const contains = (period: Period, secs: number) =>
  (period.start ?? Number.NEGATIVE_INFINITY) <= secs && secs <= (period.end ?? Number.POSITIVE_INFINITY);

/**
 * Whether `inner` lies inside the time `outer` covers. Overlapping or touching periods count as
 * one stretch: riders told 08:00–12:00 and 12:00–18:00 are told without a gap from 08:00 to 18:00.
 * Bounds are inclusive; an open bound of `inner` needs an open bound of the stretch.
 */
export function isCovered(inner: Period, outer: Period[]): boolean {
  const lo = (p: Period) => p.start ?? Number.NEGATIVE_INFINITY;
  const hi = (p: Period) => p.end ?? Number.POSITIVE_INFINITY;
  const sorted = [...outer].sort((a, b) => lo(a) - lo(b));
  const stretches: { lo: number; hi: number }[] = [];
  for (const p of sorted) {
    const last = stretches.at(-1);
    if (last && lo(p) <= last.hi) last.hi = Math.max(last.hi, hi(p));
    else stretches.push({ lo: lo(p), hi: hi(p) });
  }
  return stretches.some((s) => s.lo <= lo(inner) && hi(inner) <= s.hi);
}

/** The last end of any period the alert has, or null when one is open-ended or there is none. */
export function lastPeriodEnd(alert: AlertLike | null | undefined): number | null {
  const all = [
    ...periodsOf(alert?.activePeriod),
    ...periodsOf(alert?.communicationPeriod),
    ...periodsOf(alert?.impactPeriod),
  ];
  if (all.length === 0) return null;
  let latest = 0;
  for (const p of all) {
    if (p.end === undefined) return null;
    latest = Math.max(latest, p.end);
  }
  return latest;
}
