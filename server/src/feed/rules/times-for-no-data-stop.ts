import type { FeedEntity } from '@feeddesk/proto';
import { StopScheduleRelationship } from '@feeddesk/proto';
import { stopRef, stopRelationship, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Times given for a NO_DATA stop: arrival or departure on a stop time update whose
 * schedule_relationship is NO_DATA (MobilityData E042, error). SKIPPED stops are not checked:
 * the reference says "Arrival and departure are optional" for them, and MobilityData agrees.
 */
export const code = 'E042';
export const severity: Severity = 'error';
export const description = 'A NO_DATA stop time update has an arrival or departure.';
export const sentence = (n: FeedNotice) => `A NO_DATA stop must not have a ${n.event}; remove it.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    if (stopRelationship(stu) !== StopScheduleRelationship.NO_DATA) return [];
    return (['arrival', 'departure'] as const)
      .filter((event) => stu[event] != null)
      .map((event) => report(stuField(i, event), { ...stopRef(stu), event }));
  });
}
