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

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const stus = stopTimeUpdates(entity);
  return predictedTimes(entity, ctx).flatMap(({ arrival, departure }, i) => {
    if (!arrival || !departure || departure.secs >= arrival.secs) return [];
    const message = `Departure is ${arrival.secs - departure.secs} s before arrival at this stop; depart at or after arrival.`;
    return [
      report(stuField(i, `departure.${departure.field}`), message, {
        value: departure.secs,
        ...stopRef(stus[i]),
      }),
    ];
  });
}
