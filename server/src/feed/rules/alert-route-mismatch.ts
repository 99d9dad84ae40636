import type { FeedEntity } from '@feeddesk/proto';
import { idOf, informedEntities } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert selector names two routes: informed_entity.route_id differs from informed_entity.trip.route_id
 * (MobilityData E031, error).
 */
export const code = 'E031';
export const severity: Severity = 'error';
export const description = "An alert selector's route_id differs from its trip's route_id.";
export const sentence = (n: FeedNotice) =>
  `The selector's route ${n.routeId} differs from its trip's route ${n.value}; give one route.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return informedEntities(entity).flatMap((selector, i) => {
    const routeId = idOf(selector, 'routeId');
    const tripRouteId = idOf(selector.trip, 'routeId');
    if (routeId === undefined || tripRouteId === undefined || routeId === tripRouteId) return [];
    return [report(`alert.informed_entity[${i}].trip.route_id`, { value: tripRouteId, routeId })];
  });
}
