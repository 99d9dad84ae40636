import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';
import { type PredictedEvent, predictedTimes } from './predicted-times.ts';

/**
 * Predicted times go backwards along the trip: a stop's first event is before the previous stop's
 * last event (MobilityData E022, error). Uses `time`, else scheduled time + `delay` when the service
 * day start is known. Deviation: equal times at consecutive stops pass (as in transitland), because
 * minute-resolution timetables (the PRASA workbook) have consecutive stops in the same minute.
 */
export const code = 'E022';
export const severity: Severity = 'error';
export const description = 'A stop is predicted before the previous stop.';
export const sentence = (n: FeedNotice) =>
  `This stop is predicted ${Number(n.previousTime) - Number(n.value)} s before the previous stop; times must increase along the trip.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const stus = stopTimeUpdates(entity);
  const notices: FeedNotice[] = [];
  let previous: PredictedEvent | undefined;
  predictedTimes(entity, ctx).forEach(({ arrival, departure }, i) => {
    const first = arrival ?? departure;
    if (first && previous && first.secs < previous.secs) {
      const field = stuField(i, `${arrival ? 'arrival' : 'departure'}.${first.field}`);
      notices.push(report(field, { value: first.secs, ...stopRef(stus[i]), previousTime: previous.secs }));
    }
    previous = departure ?? arrival ?? previous;
  });
  return notices;
}
