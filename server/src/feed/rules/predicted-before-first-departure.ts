import type { FeedEntity } from '@feeddesk/proto';
import { DateTime } from 'luxon';
import { serviceDayStartSecs } from '../../schedule/time/service-day.ts';
import type { FeedRuleContext } from './context.ts';
import { runOf } from './duplicated-schedule.ts';
import { duplicateOf, idOf, own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';
import { predictedTimes } from './predicted-times.ts';

/**
 * A stop is predicted before the train leaves its first stop (a −20 min delay at
 * a later stop): riders at that stop are told a time the train cannot make. E022 compares stop
 * time updates with each other; this compares them with the first stop's departure when the
 * update leaves that stop out (its scheduled departure then stands). Needs the schedule and the
 * service day of the run, like delays do.
 */
export const code = 'predicted_before_first_departure';
export const severity: Severity = 'error';
export const description = 'A stop is predicted before the train leaves its first stop.';
export const sentence = (n: FeedNotice) =>
  `Stop ${n.stopId ?? `#${n.stopSequence}`} is predicted at ${n.predicted}, before the train leaves its first stop ${n.firstStopId} at ${n.firstDeparture}; correct the delay or time so the stop comes after ${n.firstDeparture}.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const run = runOf(entity, ctx.schedule);
  const first = run?.trip.stopTimes[0];
  const firstSecs = first?.departureSecs ?? first?.arrivalSecs;
  if (!run || !first || firstSecs == null || !ctx.schedule) return [];
  const dayStart = run.dayStart ?? dayOfStartDate(entity, ctx.schedule.timezone);
  if (dayStart === undefined) return [];
  const stus = stopTimeUpdates(entity);
  // With an update of the first stop, E022 already compares the others with it.
  const namesFirst = stus.some((stu) =>
    own(stu, 'stopSequence') !== undefined
      ? own(stu, 'stopSequence') === first.stopSequence
      : idOf(stu, 'stopId') === first.stopId,
  );
  if (namesFirst) return [];
  const leaves = dayStart + run.shiftSecs + firstSecs;
  const zone = ctx.schedule.timezone;
  const clock = (secs: number) => DateTime.fromSeconds(secs, { zone }).toFormat('HH:mm');
  const report = reporter(code, severity, entity.id);
  return predictedTimes(entity, ctx).flatMap(({ arrival, departure }, i) => {
    const [key, event] = arrival ? ['arrival', arrival] : ['departure', departure];
    if (!event || event.secs >= leaves) return [];
    const ref = stopRef(stus[i]!);
    const stopId =
      ref.stopId ?? run.trip.stopTimes.find((st) => st.stopSequence === ref.stopSequence)?.stopId;
    return [
      report(stuField(i, `${key}.${event.field}`), {
        value: event.secs,
        ...ref,
        ...(stopId === undefined ? {} : { stopId }),
        predicted: clock(event.secs),
        firstStopId: first.stopId,
        firstDeparture: clock(leaves),
      }),
    ];
  });
}

/** A view that cannot place runs still knows the day of a trip update with a valid start_date. */
function dayOfStartDate(entity: FeedEntity, zone: string): number | undefined {
  const date = idOf(entity.tripUpdate?.trip, 'startDate');
  return date && /^\d{8}$/.test(date) && !duplicateOf(entity) ? serviceDayStartSecs(date, zone) : undefined;
}
