import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { duplicateOf } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * The new trip_id of a DUPLICATED trip is already a scheduled trip: TripProperties.trip_id "must be
 * different than the ones used in the (CSV) GTFS" (GTFS-RT reference; error, as E016 is for ADDED).
 */
export const code = 'duplicated_trip_in_schedule';
export const severity: Severity = 'error';
export const description = "A DUPLICATED trip's new trip_id is already in the schedule's trips.txt.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.value} is already in the schedule; give the extra train a trip id of its own.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const tripId = duplicateOf(entity)?.tripId;
  if (tripId === undefined || !ctx.schedule?.trip(tripId)) return [];
  return [reporter(code, severity, entity.id)('trip_update.trip_properties.trip_id', { value: tripId })];
}
