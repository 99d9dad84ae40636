import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle current_stop_sequence is not in its trip's stop_times.txt (as MobilityData E051 for stop
 * time updates; error). Unknown trips are left to E003.
 */
export const code = 'vehicle_stop_sequence_not_in_trip';
export const severity: Severity = 'error';
export const description = "A vehicle's current_stop_sequence is not in its trip's stop_times.txt.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.tripId} has no stop_sequence ${n.value}; give current_stop_sequence from the trip's stops.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const sequence = own(entity.vehicle, 'currentStopSequence');
  const tripId = idOf(entity.vehicle?.trip, 'tripId');
  const trip = tripId === undefined ? undefined : ctx.schedule?.trip(tripId);
  if (!trip || sequence === undefined || trip.stopTimes.some((st) => st.stopSequence === sequence)) return [];
  return [reporter(code, severity, entity.id)('vehicle.current_stop_sequence', { value: sequence, tripId })];
}
