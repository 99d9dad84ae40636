import type { FeedEntityJson } from '@feeddesk/proto';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';

export type TripUpdateState =
  | 'yet_to_start'
  | 'in_progress'
  | 'finished'
  | 'not_in_schedule'
  | 'extra'
  | 'unknown';
export type AlertState = 'active' | 'ended' | 'upcoming';

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Trip state of spec §4 from the schedule and the update's delays, at `nowSecs` (POSIX):
 * 'not_in_schedule' when the schedule lacks the trip, 'unknown' when its run cannot be dated, and
 * 'extra' for an extra train (DUPLICATED: a copy of a scheduled trip at another date or time).
 */
export function tripUpdateState(
  entity: FeedEntityJson,
  view: ScheduleView | null,
  nowSecs: number,
): TripUpdateState {
  const tu = entity.tripUpdate;
  if (tu?.trip?.scheduleRelationship === 'DUPLICATED') return 'extra';
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

/** Active now, ended, or not yet started (spec §4 alert row colours). */
export function alertState(entity: FeedEntityJson, nowSecs: number): AlertState {
  const periods = entity.alert?.activePeriod ?? [];
  if (periods.length === 0) return 'active';
  let upcoming = false;
  for (const p of periods) {
    const start = num(p.start);
    const end = num(p.end) || Number.POSITIVE_INFINITY;
    if (start <= nowSecs && nowSecs <= end) return 'active';
    if (start > nowSecs) upcoming = true;
  }
  return upcoming ? 'upcoming' : 'ended';
}
