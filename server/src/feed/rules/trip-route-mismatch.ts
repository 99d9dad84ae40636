import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isExtraTrip } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Trip not on the given route: trip.route_id is a known route but not the trip's route in the
 * schedule's trips.txt (MobilityData E035, error). Unknown routes are E004. A NEW trip with a
 * scheduled trip's id is E016's, not a route mismatch.
 */
export const code = 'E035';
export const severity: Severity = 'error';
export const description = "A trip descriptor's route_id is not the route of its trip in the schedule.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.tripId} runs on route ${n.tripRouteId}, not ${n.value}; fix route_id or leave it out.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const descriptors = [
    { field: 'trip_update.trip', trip: entity.tripUpdate?.trip },
    { field: 'vehicle.trip', trip: entity.vehicle?.trip },
  ];
  const report = reporter(code, severity, entity.id);
  return descriptors.flatMap(({ field, trip }) => {
    const routeId = idOf(trip, 'routeId');
    const tripId = idOf(trip, 'tripId');
    const scheduled = tripId === undefined ? undefined : schedule.trip(tripId);
    if (
      routeId === undefined ||
      !scheduled ||
      isExtraTrip(trip) ||
      scheduled.routeId === routeId ||
      !schedule.hasRoute(routeId)
    )
      return [];
    return [report(`${field}.route_id`, { value: routeId, tripId, tripRouteId: scheduled.routeId })];
  });
}
