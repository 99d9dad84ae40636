import type { ConsistencyContext, ConsistencySchedule, InformedEntity } from '../context.ts';
import { type Finding, finder } from '../finding.ts';
import { meetsPeriods, runOn, serviceDatesOf } from '../time.ts';

/**
 * Alert naming a route or trip that does not run at all during the alert's periods: riders read
 * about a train that is not there, usually a wrong date or route (docs/contract-notes.md
 * `alert_entity_not_running`). Alerts without a period (always) and unknown ids (the feed rules
 * refuse those) are not judged.
 */
export const code = 'alert_entity_not_running';
export const severity = 'warning';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  return ctx.alerts.flatMap((alert) => {
    if (alert.periods.length === 0) return [];
    const dates = serviceDatesOf(alert, ctx.today, schedule.timezone);
    return alert.informed.flatMap((sel) => {
      const named = sel.tripId
        ? `trip ${sel.tripId}`
        : sel.routeId && !sel.stopId
          ? `route ${sel.routeId}`
          : null;
      const trips = candidates(schedule, sel);
      if (!named || !trips) return [];
      const runs = trips.some((trip) =>
        dates.some((date) => {
          if (sel.startDate && sel.startDate !== date) return false;
          const run = runOn(schedule, trip, date);
          return !!run && meetsPeriods(alert.periods, run.start, run.end);
        }),
      );
      if (runs) return [];
      return [
        report(
          [alert.id],
          `Alert ${alert.id} names ${named}, which does not run during the alert's period; correct the period or what the alert names.`,
        ),
      ];
    });
  });
}

/** The scheduled trips an informed entity names (its direction may have none); undefined for an id the schedule lacks. */
function candidates(schedule: ConsistencySchedule, sel: InformedEntity) {
  if (sel.tripId) {
    const trip = schedule.trip(sel.tripId);
    return trip ? [trip] : undefined;
  }
  const ofRoute = sel.routeId && !sel.stopId ? schedule.tripsOfRoute(sel.routeId) : [];
  if (ofRoute.length === 0) return undefined;
  return ofRoute.filter((t) => sel.directionId === undefined || t.directionId === sel.directionId);
}
