import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Trip update for a trip the current schedule lacks: typically left over from the previous
 * schedule, so riders' apps match it to nothing (docs/contract-notes.md `trip_not_in_schedule`).
 */
export const code = 'trip_not_in_schedule';
export const severity = 'error';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  return ctx.tripUpdates
    .filter((tu) => !tu.extra && !schedule.trip(tu.tripId))
    .map((tu) =>
      report(
        [tu.id],
        `Trip update ${tu.id} is for trip ${tu.tripId}, which the current schedule does not have; delete it or save it for a scheduled trip.`,
      ),
    );
}
