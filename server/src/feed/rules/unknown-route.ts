import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, informedEntities, tripDescriptors } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Route not in the schedule: a route_id that the GTFS routes.txt does not have (MobilityData E004, error). */
export const code = 'E004';
export const severity: Severity = 'error';
export const description = "A route_id is not in the schedule's routes.txt.";
export const sentence = (n: FeedNotice) =>
  `Route ${n.value} is not in the schedule; use a route_id from routes.txt.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const refs = [
    ...tripDescriptors(entity).map(({ field, trip }) => ({
      field: `${field}.route_id`,
      routeId: idOf(trip, 'routeId'),
    })),
    ...informedEntities(entity).map((selector, i) => ({
      field: `alert.informed_entity[${i}].route_id`,
      routeId: idOf(selector, 'routeId'),
    })),
  ];
  const report = reporter(code, severity, entity.id);
  return refs.flatMap(({ field, routeId }) => {
    if (routeId === undefined || schedule.hasRoute(routeId)) return [];
    return [report(field, { value: routeId })];
  });
}
