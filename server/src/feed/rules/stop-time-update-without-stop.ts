import type { FeedEntity } from '@feeddesk/proto';
import { idOf, own, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Stop time update names no stop: it has neither stop_id nor stop_sequence (MobilityData E040, error). */
export const code = 'E040';
export const severity: Severity = 'error';
export const description = 'A stop time update has neither stop_id nor stop_sequence.';
export const sentence = () => 'This stop time update has neither stop_sequence nor stop_id; give the stop.';

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    if (own(stu, 'stopSequence') !== undefined || idOf(stu, 'stopId') !== undefined) return [];
    return [report(stuField(i))];
  });
}
