import { routes, stops, stopTimes, trips } from '@feeddesk/drizzle';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { isAnyOf } from './statement-batches.ts';

export type NetworkStop = { stopId: string; name: string; lat: number; lon: number };
/** One route and direction drawn along the stops of its longest trip. */
export type NetworkLine = {
  routeId: string;
  directionId: number | null;
  color: string | null;
  stopIds: string[];
};
export type Network = { stops: NetworkStop[]; lines: NetworkLine[] };

/**
 * The network as the Trains screen draws it: every located stop, and each route and direction as the
 * stop sequence of its longest trip (by scheduled time, kept per trip at import: no stop_times scan,
 * only the stop times of one trip per line). Empty without a schedule.
 */
export async function getNetwork(deps: Pick<Deps, 'db'>): Promise<Network> {
  const current = await findCurrentSchedule(deps);
  if (!current) return { stops: [], lines: [] };
  const version = current.versionId;
  const [stopRows, longest] = await Promise.all([
    deps.db
      .select({ stopId: stops.stopId, name: stops.stopName, lat: stops.stopLat, lon: stops.stopLon })
      .from(stops)
      .where(and(eq(stops.versionId, version), isNotNull(stops.stopLat), isNotNull(stops.stopLon))),
    deps.db
      .selectDistinctOn([trips.routeId, trips.directionId], {
        tripId: trips.tripId,
        routeId: trips.routeId,
        directionId: trips.directionId,
        color: routes.routeColor,
      })
      .from(trips)
      .leftJoin(routes, and(eq(routes.versionId, trips.versionId), eq(routes.routeId, trips.routeId)))
      .where(eq(trips.versionId, version))
      .orderBy(
        trips.routeId,
        trips.directionId,
        sql`coalesce(${trips.endSecs} - ${trips.startSecs}, 0) desc`,
        trips.tripId,
      ),
  ]);
  const calls = longest.length
    ? await deps.db
        .select({ tripId: stopTimes.tripId, stopId: stopTimes.stopId })
        .from(stopTimes)
        .where(
          and(
            eq(stopTimes.versionId, version),
            isAnyOf(
              stopTimes.tripId,
              longest.map((l) => l.tripId),
            ),
          ),
        )
        .orderBy(asc(stopTimes.tripId), asc(stopTimes.stopSequence))
    : [];
  const stopsOf = new Map<string, string[]>();
  for (const { tripId, stopId } of calls) stopsOf.set(tripId, [...(stopsOf.get(tripId) ?? []), stopId]);
  return {
    stops: stopRows.map((s) => ({ stopId: s.stopId, name: s.name ?? s.stopId, lat: s.lat!, lon: s.lon! })),
    lines: longest.map((l) => ({
      routeId: l.routeId,
      directionId: l.directionId,
      color: l.color ? l.color.replace(/^#/, '') : null,
      stopIds: stopsOf.get(l.tripId) ?? [],
    })),
  };
}
