import type { FeedEntity } from '@feeddesk/proto';
import { StopScheduleRelationship } from '@feeddesk/proto';
import { stopRef, stopRelationship, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop time update without arrival or departure, and not SKIPPED or NO_DATA (MobilityData E043, error).
 */
export const code = 'E043';
export const severity: Severity = 'error';
export const description = 'A stop time update has no arrival or departure and is not SKIPPED or NO_DATA.';
export const sentence = () =>
  'This stop has neither arrival nor departure; give a time or delay, or mark it skipped.';

const exempt: number[] = [StopScheduleRelationship.SKIPPED, StopScheduleRelationship.NO_DATA];

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    if (exempt.includes(stopRelationship(stu)) || stu.arrival != null || stu.departure != null) return [];
    return [report(stuField(i), stopRef(stu))];
  });
}
