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

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const report = reporter(code, severity, entity.id);
  return informedEntities(entity).flatMap((selector, i) => {
    const routeId = idOf(selector, 'routeId');
    const tripId = idOf(selector.trip, 'tripId');
    const trip = tripId === undefined ? undefined : schedule.trip(tripId);
    if (routeId === undefined || !trip || trip.routeId === routeId) return [];
    const message = `Trip ${tripId} runs on route ${trip.routeId}, not ${routeId}; fix the route or the trip.`;
    return [report(`alert.informed_entity[${i}].route_id`, message, { value: routeId })];
  });
}
