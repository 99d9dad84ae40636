import type { FeedEntityJson } from '@feeddesk/proto';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';
import { contains, impactPeriods, periodsOf } from './alert-periods.ts';

export type TripUpdateState =
  | 'yet_to_start'
  | 'in_progress'
  | 'finished'
  | 'not_in_schedule'
  | 'extra'
  | 'new'
  | 'unknown';
export type AlertState = 'active' | 'ended' | 'upcoming';

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Trip state of docs/spec.md §4 from the schedule and the update's delays, at `nowSecs` (POSIX):
 * 'not_in_schedule' when the schedule lacks the trip, 'unknown' when its run cannot be dated, and
 * 'extra' for an extra train (DUPLICATED: a copy of a scheduled trip at another date or time), 'new'
 * for a new train (NEW: its own stops and times). A REPLACEMENT runs by the times it gives.
 */
export function tripUpdateState(
  entity: FeedEntityJson,
  view: ScheduleView | null,
  nowSecs: number,
): TripUpdateState {
  const tu = entity.tripUpdate;
  if (tu?.trip?.scheduleRelationship === 'DUPLICATED') return 'extra';
  if (tu?.trip?.scheduleRelationship === 'NEW') return 'new';
  if (tu?.trip?.scheduleRelationship === 'REPLACEMENT') return journeyState(tu, nowSecs);
  const tripId = tu?.trip?.tripId ?? '';
  const trip = view?.trip(tripId);
  const dayStart = view?.serviceDayStart?.(tripId, tu?.trip?.startDate ?? undefined);
  // A trip the loaded schedule lacks (e.g. gone with a new schedule); added trips are in none.
  const extra = ['ADDED', 'NEW'].includes(tu?.trip?.scheduleRelationship ?? '');
  if (!trip && !extra) return 'not_in_schedule';
  if (!trip || dayStart === undefined || trip.stopTimes.length === 0) return 'unknown';
  const first = trip.stopTimes[0]!;
  const last = trip.stopTimes.at(-1)!;
  const updates = tu?.stopTimeUpdate ?? [];
  const delayAt = (seq: number) => {
    let delay = num(tu?.delay);
    for (const stu of updates)
      if (num(stu.stopSequence) <= seq) delay = num(stu.arrival?.delay ?? stu.departure?.delay ?? delay);
    return delay;
  };
  const start = dayStart + (first.departureSecs ?? first.arrivalSecs ?? 0) + delayAt(first.stopSequence);
  const end = dayStart + (last.arrivalSecs ?? last.departureSecs ?? 0) + delayAt(last.stopSequence);
  if (nowSecs <= start) return 'yet_to_start';
  if (nowSecs <= end) return 'in_progress';
  return 'finished';
}

/** A whole journey's state by its own times: its first and last time given. */
function journeyState(tu: NonNullable<FeedEntityJson['tripUpdate']>, nowSecs: number): TripUpdateState {
  const times = (tu.stopTimeUpdate ?? [])
    .flatMap((stu) => [stu.arrival?.time, stu.departure?.time])
    .filter((t) => t !== null && t !== undefined)
    .map(Number);
  if (times.length === 0) return 'unknown';
  if (nowSecs <= Math.min(...times)) return 'yet_to_start';
  return nowSecs <= Math.max(...times) ? 'in_progress' : 'finished';
}

/**
 * In effect, upcoming or ended (docs/spec.md §4 row colours), by the impact periods (active_period for an
 * alert written without them): 'active' while one holds now, 'upcoming' while one is still to come
 * (riders may be told already: communication starts before impact), else 'ended'. An alert with no
 * impact period goes by its communication periods; with no period at all it is in effect.
 */
export function alertState(entity: FeedEntityJson, nowSecs: number): AlertState {
  const alert = entity.alert;
  const impact = impactPeriods(alert);
  const periods = impact.length > 0 ? impact : periodsOf(alert?.communicationPeriod);
  if (periods.length === 0 || periods.some((p) => contains(p, nowSecs))) return 'active';
  return periods.some((p) => (p.start ?? 0) > nowSecs) ? 'upcoming' : 'ended';
}
