import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Trip update whose start_date is not a day the trip's service runs (calendar.txt and
 * calendar_dates.txt): consumers find no run to apply it to (docs/contract-notes.md `trip_not_running_on_date`).
 */
export const code = 'trip_not_running_on_date';
export const severity = 'error';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  return ctx.tripUpdates.flatMap((tu) => {
    const trip = tu.extra ? undefined : schedule.trip(tu.tripId);
    if (!trip || schedule.runsOn(trip.serviceId, tu.startDate)) return [];
    return [
      report(
        [tu.id],
        `Trip ${tu.tripId} does not run on ${tu.startDate} (service ${trip.serviceId}); save the update for a date it runs, or delete it.`,
      ),
    ];
  });
}
