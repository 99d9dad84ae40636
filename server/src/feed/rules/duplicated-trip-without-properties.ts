import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { duplicateOf } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A DUPLICATED trip lacks its new trip_id, start_date or start_time: TripProperties gives all three
 * ("Required if schedule_relationship=DUPLICATED", GTFS-RT reference; error).
 */
export const code = 'duplicated_trip_without_properties';
export const severity: Severity = 'error';
export const description = 'A DUPLICATED trip has no trip_properties trip_id, start_date or start_time.';
export const sentence = (n: FeedNotice) =>
  `An extra (DUPLICATED) train needs trip_properties.${n.property}; give its ${NAMES[String(n.property)]}.`;

const NAMES: Record<string, string> = {
  trip_id: 'new trip id',
  start_date: 'service date (YYYYMMDD)',
  start_time: 'start time (HH:MM:SS)',
};

export function check(entity: FeedEntity, _ctx: FeedRuleContext): FeedNotice[] {
  const duplicate = duplicateOf(entity);
  if (!duplicate) return [];
  const report = reporter(code, severity, entity.id);
  const given = {
    trip_id: duplicate.tripId,
    start_date: duplicate.startDate,
    start_time: duplicate.startTime,
  };
  return Object.entries(given).flatMap(([property, value]) =>
    value === undefined ? [report(`trip_update.trip_properties.${property}`, { property })] : [],
  );
}
