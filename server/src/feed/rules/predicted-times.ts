import type { FeedEntity, StopTimeEvent, StopTimeUpdate } from '@feeddesk/proto';
import type { FeedRuleContext, ScheduledStopTime } from './context.ts';
import { runOf } from './duplicated-schedule.ts';
import { idOf, own, stopTimeUpdates } from './fields.ts';

export type PredictedEvent = { secs: number; field: 'time' | 'delay' };
export type PredictedStop = { arrival?: PredictedEvent; departure?: PredictedEvent };

/**
 * Predicted POSIX times of each stop time update: `time` when given, else the scheduled time
 * plus `delay` when the schedule and the service day start are known (a DUPLICATED trip's
 * scheduled times are the original's, shifted).
 */
export function predictedTimes(entity: FeedEntity, ctx: FeedRuleContext): PredictedStop[] {
  const run = runOf(entity, ctx.schedule);
  const scheduled = run?.trip;
  const dayStart = run?.dayStart === undefined ? undefined : run.dayStart + run.shiftSecs;
  return stopTimeUpdates(entity).map((stu) => {
    const stopTime = scheduled && findStopTime(scheduled.stopTimes, stu);
    const at = (event: StopTimeEvent | null | undefined, secs: number | null | undefined) => {
      const time = own(event, 'time');
      if (time !== undefined) return { secs: time, field: 'time' as const };
      const delay = own(event, 'delay');
      if (delay === undefined || dayStart === undefined || secs == null) return undefined;
      return { secs: dayStart + secs + delay, field: 'delay' as const };
    };
    return {
      arrival: at(stu.arrival, stopTime?.arrivalSecs ?? stopTime?.departureSecs),
      departure: at(stu.departure, stopTime?.departureSecs ?? stopTime?.arrivalSecs),
    };
  });
}

function findStopTime(stopTimes: ScheduledStopTime[], stu: StopTimeUpdate) {
  const sequence = own(stu, 'stopSequence');
  if (sequence !== undefined) return stopTimes.find((st) => st.stopSequence === sequence);
  const stopId = idOf(stu, 'stopId');
  return stopId === undefined ? undefined : stopTimes.find((st) => st.stopId === stopId);
}
