import { addDays, type ServiceDate, serviceDateOf } from '../schedule/time/service-day.ts';
import type { ConsistencySchedule, ConsistencyTrip, LiveAlert, Period } from './context.ts';

/** No period of an alert is examined over more than this many service days (open-ended ones too). */
const MAX_DAYS = 14;

/** POSIX start and end of a trip's run on a service date; undefined when it has no times or does not run. */
export function runOn(
  schedule: ConsistencySchedule,
  trip: ConsistencyTrip,
  date: ServiceDate,
): { start: number; end: number } | undefined {
  if (trip.startSecs === null || !schedule.runsOn(trip.serviceId, date)) return undefined;
  const dayStart = schedule.dayStart(date);
  return { start: dayStart + trip.startSecs, end: dayStart + (trip.endSecs ?? trip.startSecs) };
}

/** Whether [start, end] meets one of the periods; no period = always. */
export function meetsPeriods(periods: Period[], start: number, end: number): boolean {
  if (periods.length === 0) return true;
  return periods.some((p) => (p.start ?? -Infinity) <= end && (p.end ?? Infinity) >= start);
}

/**
 * The service dates whose runs can fall in an alert's periods: from the day before each start (a
 * run past 24:00) to its end; an open start counts from yesterday, an open end up to MAX_DAYS on.
 */
export function serviceDatesOf(alert: LiveAlert, today: ServiceDate, tz: string): ServiceDate[] {
  const periods = alert.periods.length > 0 ? alert.periods : [{}];
  const dates = new Set<ServiceDate>();
  for (const p of periods) {
    const first = p.start === undefined ? addDays(today, -1) : addDays(dateOf(p.start, tz), -1);
    const last = p.end === undefined ? addDays(first, MAX_DAYS) : dateOf(p.end, tz);
    for (let d = first, n = 0; d <= last && n <= MAX_DAYS; d = addDays(d, 1), n++) dates.add(d);
  }
  return [...dates].sort();
}

function dateOf(secs: number, tz: string): ServiceDate {
  return serviceDateOf(new Date(secs * 1000), tz);
}
