import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';
import { predictedTimes } from './predicted-times.ts';

/**
 * Departure before arrival within one stop time update (MobilityData E025, error). Uses `time`,
 * else scheduled time + `delay` when the service day start is known.
 */
export const code = 'E025';
export const severity: Severity = 'error';
export const description = 'A stop time update departs before it arrives.';
export const sentence = (n: FeedNotice) =>
  `Departure is ${Number(n.arrivalTime) - Number(n.value)} s before arrival at this stop; depart at or after arrival.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const stus = stopTimeUpdates(entity);
  return predictedTimes(entity, ctx).flatMap(({ arrival, departure }, i) => {
    if (!arrival || !departure || departure.secs >= arrival.secs) return [];
    return [
      report(stuField(i, `departure.${departure.field}`), {
        value: departure.secs,
        ...stopRef(stus[i]),
        arrivalTime: arrival.secs,
      }),
    ];
  });
}
