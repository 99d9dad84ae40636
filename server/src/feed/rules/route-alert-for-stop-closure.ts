import { type FeedEntity, transit_realtime } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, informedEntities, own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert with NO_SERVICE on a whole route while only stops are closed (warning): the alert names
 * some stops too, or the live trip updates show the route's trains running and skipping stops.
 * Riders at the open stations are told to stay home. MobilityData's guidelines: NO_SERVICE is for
 * stop and platform closures; name the closed stops (the consistency check of the same code says
 * so of live alerts).
 */
export const code = 'route_alert_for_stop_closure';
export const severity: Severity = 'warning';
export const description = 'NO_SERVICE on a whole route while only some of its stops are closed.';
export const sentence = ({ value, stops }: { value?: unknown; stops?: unknown }) =>
  `Route ${value} is marked as having no service, but only ${Array.isArray(stops) ? stops.join(', ') : 'some stops'} are closed; name those stops instead of the whole route.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const alert = entity.alert;
  if (!alert || own(alert, 'effect') !== transit_realtime.Alert.Effect.NO_SERVICE) return [];
  const report = reporter(code, severity, entity.id);
  const selectors = informedEntities(entity);
  return selectors.flatMap((selector, i) => {
    const routeId = idOf(selector, 'routeId');
    if (!routeId || idOf(selector, 'stopId') || selector.trip) return [];
    const named = selectors
      .filter((s) => idOf(s, 'stopId') && [undefined, routeId].includes(idOf(s, 'routeId')))
      .map((s) => idOf(s, 'stopId')!);
    const skipped = ctx.stopClosures?.skippedStops(routeId) ?? [];
    const stops = [...new Set([...named, ...skipped])].sort();
    return stops.length > 0
      ? [report(`alert.informed_entity[${i}].route_id`, { value: routeId, stops })]
      : [];
  });
}
