import { type FeedEntity, StopScheduleRelationship, type StopTimeUpdate } from '@feeddesk/proto';
import { DateTime } from 'luxon';
import { serviceDayStartSecs } from '../../schedule/time/service-day.ts';
import type { FeedRuleContext, ScheduledStopTime } from './context.ts';
import { runOf } from './duplicated-schedule.ts';
import { duplicateOf, idOf, own, stopRef, stopRelationship, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';
import { type PredictedEvent, predictedTimes } from './predicted-times.ts';

/**
 * A delay carried to stops without an update of their own predicts one of them after the next
 * update (predicted times never run backwards). GTFS-RT consumers carry a stop's delay
 * to the following stops until the next update, so +15 min at CPT and 0 at MBG tell riders at WDS,
 * between them, a time after MBG's. E022 compares only the updates themselves and misses it.
 * Equal times pass, as in E022. Needs the schedule and the service day of the run.
 */
export const code = 'carried_delay_passes_next_stop';
export const severity: Severity = 'error';
export const description = 'A delay carried to the stops that follow predicts one after the next update.';
export const sentence = (n: FeedNotice) =>
  `Stop ${n.stopId} has no update and keeps the ${n.delay} delay of ${n.fromStopId}: riders there are told ${n.predicted}, after ${n.nextStopId} at ${n.nextPredicted}; give ${n.stopId} its own time, or delays that keep times increasing along the trip.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const run = runOf(entity, ctx.schedule);
  if (!run || !ctx.schedule) return [];
  const dayStart = run.dayStart ?? dayOfStartDate(entity, ctx.schedule.timezone);
  if (dayStart === undefined) return [];
  const base = dayStart + run.shiftSecs;
  const stopTimes = run.trip.stopTimes;
  const stus = stopTimeUpdates(entity);
  const predicted = predictedTimes(entity, ctx);
  const zone = ctx.schedule.timezone;
  const clock = (secs: number) => DateTime.fromSeconds(secs, { zone }).toFormat('HH:mm');
  const report = reporter(code, severity, entity.id);
  const notices: FeedNotice[] = [];
  /** The delay being carried, from the stop time update that set it. */
  let carried: { secs: number; from: ScheduledStopTime; index: number } | undefined;
  stus.forEach((stu, i) => {
    const index = stopIndex(stopTimes, stu);
    // NO_DATA ends what a consumer carries; an unplaced update leaves nothing to compare.
    if (index === undefined || stopRelationship(stu) === StopScheduleRelationship.NO_DATA) {
      carried = undefined;
      return;
    }
    const { arrival, departure } = predicted[i]!;
    const first = arrival ?? departure;
    if (first && carried && carried.secs > 0) {
      const between = stopTimes.slice(carried.index + 1, index).filter((st) => !hasUpdate(stus, st));
      const last = between.at(-1);
      const lastSecs = last && (last.departureSecs ?? last.arrivalSecs);
      if (last && lastSecs != null && base + lastSecs + carried.secs > first.secs) {
        notices.push(
          report(stuField(i, `${arrival ? 'arrival' : 'departure'}.${first.field}`), {
            value: first.secs,
            ...stopRef(stu),
            stopId: last.stopId,
            delay: minutes(carried.secs),
            fromStopId: carried.from.stopId,
            predicted: clock(base + lastSecs + carried.secs),
            nextStopId: idOf(stu, 'stopId') ?? stopTimes[index]!.stopId,
            nextPredicted: clock(first.secs),
          }),
        );
      }
    }
    const next = delayAfter(departure ?? arrival, stopTimes[index]!, base, departure !== undefined);
    if (next !== undefined) carried = { secs: next, from: stopTimes[index]!, index };
  });
  return notices;
}

/** The delay the event sets: its predicted time minus the stop's scheduled one. */
function delayAfter(
  event: PredictedEvent | undefined,
  stopTime: ScheduledStopTime,
  base: number,
  isDeparture: boolean,
): number | undefined {
  const scheduled = isDeparture
    ? (stopTime.departureSecs ?? stopTime.arrivalSecs)
    : (stopTime.arrivalSecs ?? stopTime.departureSecs);
  return event && scheduled != null ? event.secs - (base + scheduled) : undefined;
}

function stopIndex(stopTimes: ScheduledStopTime[], stu: StopTimeUpdate): number | undefined {
  const sequence = own(stu, 'stopSequence');
  const stopId = idOf(stu, 'stopId');
  const index =
    sequence !== undefined
      ? stopTimes.findIndex((st) => st.stopSequence === sequence)
      : stopTimes.findIndex((st) => st.stopId === stopId);
  return index < 0 ? undefined : index;
}

const hasUpdate = (stus: StopTimeUpdate[], st: ScheduledStopTime) =>
  stus.some((stu) =>
    own(stu, 'stopSequence') !== undefined
      ? own(stu, 'stopSequence') === st.stopSequence
      : idOf(stu, 'stopId') === st.stopId,
  );

const minutes = (secs: number) => {
  const m = Math.round(secs / 60);
  return m >= 1 ? `+${m} min` : `+${secs} s`;
};

/** A view that cannot place runs still knows the day of a trip update with a valid start_date. */
function dayOfStartDate(entity: FeedEntity, zone: string): number | undefined {
  const date = idOf(entity.tripUpdate?.trip, 'startDate');
  return date && /^\d{8}$/.test(date) && !duplicateOf(entity) ? serviceDayStartSecs(date, zone) : undefined;
}
