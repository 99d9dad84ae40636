import type { FeedEntity } from '@feeddesk/proto';
import { own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop sequence goes backwards: stop_time_updates must be sorted by stop_sequence
 * (MobilityData E002, error). Repeats are E036. Updates without stop_sequence are not placed
 * (MobilityData infers them from the schedule's stop_id).
 */
export const code = 'E002';
export const severity: Severity = 'error';
export const description = 'Stop time updates are not sorted by stop_sequence.';
export const sentence = (n: FeedNotice) =>
  `stop_sequence ${n.value} comes after ${n.previousStopSequence}; list stop time updates in increasing stop_sequence order.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const notices: FeedNotice[] = [];
  let previous: number | undefined;
  stopTimeUpdates(entity).forEach((stu, i) => {
    const sequence = own(stu, 'stopSequence');
    if (sequence === undefined) return;
    if (previous !== undefined && sequence < previous) {
      notices.push(
        report(stuField(i, 'stop_sequence'), {
          value: sequence,
          ...stopRef(stu),
          previousStopSequence: previous,
        }),
      );
    }
    previous = sequence;
  });
  return notices;
}
