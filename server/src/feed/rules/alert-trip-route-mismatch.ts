import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, informedEntities } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert trip not on the alert's route: informed_entity.trip.trip_id belongs to another route than
 * informed_entity.route_id in the schedule's trips.txt (MobilityData E030, error).
 */
export const code = 'E030';
export const severity: Severity = 'error';
export const description = "An alert selector's trip runs on another route than the selector's route_id.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.tripId} runs on route ${n.tripRouteId}, not ${n.value}; fix the route or the trip.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const report = reporter(code, severity, entity.id);
  return informedEntities(entity).flatMap((selector, i) => {
    const routeId = idOf(selector, 'routeId');
    const tripId = idOf(selector.trip, 'tripId');
    const trip = tripId === undefined ? undefined : schedule.trip(tripId);
    if (routeId === undefined || !trip || trip.routeId === routeId) return [];
    return [
      report(`alert.informed_entity[${i}].route_id`, { value: routeId, tripId, tripRouteId: trip.routeId }),
    ];
  });
}
