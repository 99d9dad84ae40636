import { agencies, stops, stopTimes, trips } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { listRoutes } from '../schedule/list-routes.ts';

/** One route as riders see it on the status page and in the Atom feed's filters. */
export type RiderRoute = {
  routeId: string;
  /** How every screen names the route (schedule/route-labels.ts). */
  label: string;
  shortName: string | null;
  longName: string | null;
  routeType: number | null;
};

/**
 * What an alert's informed entities and a trip update's trip mean in routes, for one schedule
 * version: read once per version (schedule_changed), then every page of riders is made from memory.
 */
export type NetworkIndex = {
  versionId: number | null;
  /** The first agency's name: who speaks in the Atom feed and the e-mails. */
  agencyName: string | null;
  /** The agency's zone: dates and times riders read are the agency's. */
  timezone: string;
  routes: RiderRoute[];
  routeOfTrip: ReadonlyMap<string, string>;
  /** A stop or station → the routes that call there (at it, or at a platform of it). */
  routesAtStop: ReadonlyMap<string, ReadonlySet<string>>;
  /** A stop → its station (parent_station, else itself), so a platform matches its station. */
  stationOf: ReadonlyMap<string, string>;
};

export const EMPTY_NETWORK: NetworkIndex = {
  versionId: null,
  agencyName: null,
  timezone: 'UTC',
  routes: [],
  routeOfTrip: new Map(),
  routesAtStop: new Map(),
  stationOf: new Map(),
};

/** The current schedule's routes, trips and served stops; EMPTY_NETWORK when none is loaded. */
export async function readNetworkIndex(deps: Pick<Deps, 'db'>): Promise<NetworkIndex> {
  const current = await findCurrentSchedule(deps);
  if (!current) return EMPTY_NETWORK;
  const { versionId } = current;
  const [routeList, tripRows, stopRows, served, agencyRows] = await Promise.all([
    listRoutes(deps),
    deps.db
      .select({ tripId: trips.tripId, routeId: trips.routeId })
      .from(trips)
      .where(eq(trips.versionId, versionId)),
    deps.db
      .select({ stopId: stops.stopId, parentStation: stops.parentStation })
      .from(stops)
      .where(eq(stops.versionId, versionId)),
    deps.db
      .selectDistinct({ routeId: trips.routeId, stopId: stopTimes.stopId })
      .from(stopTimes)
      .innerJoin(trips, and(eq(trips.versionId, stopTimes.versionId), eq(trips.tripId, stopTimes.tripId)))
      .where(eq(stopTimes.versionId, sql`${versionId}`)),
    deps.db
      .select({ name: agencies.agencyName })
      .from(agencies)
      .where(eq(agencies.versionId, versionId))
      .orderBy(agencies.agencyId)
      .limit(1),
  ]);
  const stationOf = new Map(stopRows.map((s) => [s.stopId, s.parentStation || s.stopId]));
  const routesAtStop = new Map<string, Set<string>>();
  const add = (stopId: string, routeId: string) => {
    let set = routesAtStop.get(stopId);
    if (!set) {
      set = new Set();
      routesAtStop.set(stopId, set);
    }
    set.add(routeId);
  };
  for (const { routeId, stopId } of served) {
    add(stopId, routeId);
    const station = stationOf.get(stopId);
    if (station && station !== stopId) add(station, routeId);
  }
  return {
    versionId,
    agencyName: agencyRows[0]?.name ?? null,
    timezone: current.timezone,
    routes: routeList.map((r) => ({
      routeId: r.route_id,
      label: r.label,
      shortName: r.route_short_name,
      longName: r.route_long_name,
      routeType: r.route_type,
    })),
    routeOfTrip: new Map(tripRows.map((t) => [t.tripId, t.routeId])),
    routesAtStop,
    stationOf,
  };
}
