import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';
import { meetsPeriods, runOn } from '../time.ts';

/**
 * Alert with NO_SERVICE on a whole route while the route's trip updates show its trains running
 * and skipping only some stops: riders of the open stations are told to stay home (docs/contract-notes.md
 * `route_alert_for_stop_closure`). Name the closed stops instead.
 */
export const code = 'route_alert_for_stop_closure';
export const severity = 'warning';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  return ctx.alerts.flatMap((alert) => {
    if (alert.effect !== 'NO_SERVICE') return [];
    const routes = alert.informed.filter((s) => s.routeId && !s.stopId && !s.tripId).map((s) => s.routeId!);
    return [...new Set(routes)].flatMap((routeId) => {
      const skipping = ctx.tripUpdates.filter((tu) => {
        const trip = schedule.trip(tu.tripId);
        if (!trip || trip.routeId !== routeId || tu.cancelled || tu.deleted || tu.skippedStopIds.length === 0)
          return false;
        const run = runOn(schedule, trip, tu.startDate);
        return !!run && meetsPeriods(alert.periods, run.start, run.end);
      });
      if (skipping.length === 0) return [];
      const stops = [...new Set(skipping.flatMap((tu) => tu.skippedStopIds))].sort();
      return [
        report(
          [alert.id, ...skipping.map((tu) => tu.id)],
          `Alert ${alert.id} says route ${routeId} has no service, but its trains run and skip only ${stops.join(', ')}; name those stops in the alert instead of the whole route.`,
        ),
      ];
    });
  });
}
