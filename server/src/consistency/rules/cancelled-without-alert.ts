import type { ConsistencyContext, ConsistencySchedule, ConsistencyTrip, LiveTripUpdate } from '../context.ts';
import { alertCoversRun } from '../coverage.ts';
import { type Finding, finder } from '../finding.ts';
import { runOn } from '../time.ts';

/**
 * Cancelled trip that no live alert covers while riders wait longer than the headway gap for the
 * next train of the route and direction (docs/contract-notes.md `cancelled_without_alert`; the gap is
 * CONSISTENCY_HEADWAY_GAP_MINUTES): a short wait needs no alert, a long one does.
 */
export const code = 'cancelled_without_alert';
export const severity = 'warning';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const cancelled = new Set(
    ctx.tripUpdates.filter((t) => t.cancelled || t.deleted).map((t) => `${t.tripId}@${t.startDate}`),
  );
  return ctx.tripUpdates.flatMap((tu) => {
    const trip = tu.cancelled && !tu.extra && !tu.deleted ? schedule.trip(tu.tripId) : undefined;
    const run = trip && runOn(schedule, trip, tu.startDate);
    if (!trip || !run) return [];
    if (ctx.alerts.some((alert) => alertCoversRun(alert, tu, trip, run))) return [];
    const wait = waitForNext(schedule, trip, tu, cancelled);
    if (wait !== undefined && wait <= ctx.headwayGapSecs) return [];
    const after =
      wait === undefined
        ? 'no later train of its route and direction runs that day'
        : `the next train of its route and direction leaves ${Math.round(wait / 60)} minutes later`;
    return [
      report(
        [tu.id],
        `Trip ${tu.tripId} of ${tu.startDate} is cancelled and ${after}, but no alert tells riders; publish an alert for the trip or its route.`,
      ),
    ];
  });
}

/** Seconds from this trip's departure to the next one of the route and direction that runs that day and is not cancelled. */
function waitForNext(
  schedule: ConsistencySchedule,
  trip: ConsistencyTrip,
  tu: LiveTripUpdate,
  cancelled: Set<string>,
): number | undefined {
  let best: number | undefined;
  for (const other of schedule.tripsOfRoute(trip.routeId)) {
    if (other.tripId === trip.tripId || !sameDirection(other, trip)) continue;
    if (other.startSecs === null || trip.startSecs === null || other.startSecs < trip.startSecs) continue;
    if (!schedule.runsOn(other.serviceId, tu.startDate) || cancelled.has(`${other.tripId}@${tu.startDate}`))
      continue;
    const wait = other.startSecs - trip.startSecs;
    if (best === undefined || wait < best) best = wait;
  }
  return best;
}

/** Same direction_id; without one (timetable workbooks give none), the same last stop. */
function sameDirection(a: ConsistencyTrip, b: ConsistencyTrip): boolean {
  if (a.directionId !== null && b.directionId !== null) return a.directionId === b.directionId;
  return a.lastStopId === b.lastStopId;
}
