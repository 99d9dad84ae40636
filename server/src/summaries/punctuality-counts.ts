import { countBy } from './count-records.ts';
import type { ScheduleNames } from './load-schedule-names.ts';
import type { AlertRecord, TripUpdateRecord } from './log-records.ts';
import { routeOf } from './summary-sheets.ts';

/** Trains of one route in the period, counted as the Daily sheet counts a day. */
export type RoutePunctuality = {
  routeId: string;
  routeName: string | null;
  tripUpdates: number;
  cancelled: number;
  /** A delay above zero, not cancelled. */
  delayed: number;
  /** Seconds, over the delayed trains (their largest delay). */
  averageDelay: number | null;
  maxDelay: number | null;
};

/**
 * Per route (the trip update's own, else the schedule's route of its trip, as the workbook's
 * "Trip update log"): trains cancelled and delayed with their average and largest delay. Trip
 * updates with no known route are left out, as in "Trip updates by route". Most trip updates first.
 */
export function routePunctuality(tripUpdates: TripUpdateRecord[], names: ScheduleNames): RoutePunctuality[] {
  const byRoute = new Map<string, RoutePunctuality & { delaySum: number }>();
  for (const tu of tripUpdates) {
    const routeId = routeOf(tu, names);
    if (!routeId) continue;
    let r = byRoute.get(routeId);
    if (!r) {
      r = {
        routeId,
        routeName: names.routes.get(routeId) ?? null,
        tripUpdates: 0,
        cancelled: 0,
        delayed: 0,
        averageDelay: null,
        maxDelay: null,
        delaySum: 0,
      };
      byRoute.set(routeId, r);
    }
    r.tripUpdates++;
    if (tu.cancelled) r.cancelled++;
    else if (tu.maxDelay !== null && tu.maxDelay > 0) {
      r.delayed++;
      r.delaySum += tu.maxDelay;
      r.maxDelay = Math.max(r.maxDelay ?? 0, tu.maxDelay);
    }
  }
  return [...byRoute.values()]
    .map(({ delaySum, ...r }) => ({ ...r, averageDelay: r.delayed > 0 ? delaySum / r.delayed : null }))
    .sort((a, b) => b.tripUpdates - a.tripUpdates || (a.routeId < b.routeId ? -1 : 1));
}

/** Alerts per cause, most first (the "Alerts by cause" block of the Alerts sheet). */
export function alertsByCause(alerts: AlertRecord[]) {
  return countBy(alerts, (a) => [a.cause]).map((c) => ({ cause: c.key, alerts: c.count }));
}

/** The stops most often skipped: trip updates skipping each, most first, at most `limit`. */
export function mostSkippedStops(tripUpdates: TripUpdateRecord[], names: ScheduleNames, limit: number) {
  return countBy(tripUpdates, (t) => t.skippedStops)
    .slice(0, limit)
    .map((c) => ({ stopId: c.key, stopName: names.stops.get(c.key) ?? null, tripUpdates: c.count }));
}
