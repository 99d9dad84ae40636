import type { FeedEntity } from '@feeddesk/proto';
import { own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop sequence repeated: two stop_time_updates have the same stop_sequence (MobilityData E036, error).
 * MobilityData compares neighbours only; any repeat is reported here, as transitland does.
 */
export const code = 'E036';
export const severity: Severity = 'error';
export const description = 'Two stop time updates have the same stop_sequence.';
export const sentence = (n: FeedNotice) =>
  `stop_sequence ${n.value} appears more than once; keep one stop time update per stop.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const seen = new Set<number>();
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    const sequence = own(stu, 'stopSequence');
    if (sequence === undefined) return [];
    if (!seen.has(sequence)) {
      seen.add(sequence);
      return [];
    }
    return [report(stuField(i, 'stop_sequence'), { value: sequence, ...stopRef(stu) })];
  });
}
