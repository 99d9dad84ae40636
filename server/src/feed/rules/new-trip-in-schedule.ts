import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isExtraTrip } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A NEW (or ADDED) trip's trip_id is already a scheduled trip (MobilityData E016, error): the
 * GTFS-RT reference says a NEW trip "must not be" in the GTFS; a scheduled trip re-timed or
 * diverted is a REPLACEMENT.
 */
export const code = 'E016';
export const severity: Severity = 'error';
export const description = "A NEW or ADDED trip's trip_id is already in the schedule's trips.txt.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.value} is already in the schedule; give the new train a trip id of its own, or send a REPLACEMENT to change that trip's journey.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const trip = entity.tripUpdate?.trip;
  const tripId = idOf(trip, 'tripId');
  if (tripId === undefined || !isExtraTrip(trip) || !ctx.schedule?.trip(tripId)) return [];
  return [reporter(code, severity, entity.id)('trip_update.trip.trip_id', { value: tripId })];
}
