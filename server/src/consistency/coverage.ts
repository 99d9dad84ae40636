import type { ConsistencyTrip, InformedEntity, LiveAlert, LiveTripUpdate } from './context.ts';
import { meetsPeriods } from './time.ts';

/** Whether an informed entity selects this run of a trip: the trip itself, its route (and direction), or its whole agency. */
export function selectsTrip(sel: InformedEntity, trip: ConsistencyTrip, startDate: string): boolean {
  if (sel.tripId) return sel.tripId === trip.tripId && (!sel.startDate || sel.startDate === startDate);
  if (sel.stopId) return false;
  if (sel.routeId)
    return (
      sel.routeId === trip.routeId && (sel.directionId === undefined || sel.directionId === trip.directionId)
    );
  return !!sel.agencyId;
}

/** A live alert that tells riders about this run (it names the trip, its route or agency during the run). */
export function alertCoversRun(
  alert: LiveAlert,
  tu: LiveTripUpdate,
  trip: ConsistencyTrip,
  run: { start: number; end: number },
): boolean {
  return (
    meetsPeriods(alert.periods, run.start, run.end) &&
    alert.informed.some((sel) => selectsTrip(sel, trip, tu.startDate))
  );
}
