import { stops } from '@feeddesk/drizzle';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.ts';
import { loadScheduleLabels } from '../load-schedule-labels.ts';
import { formatGtfsTime } from '../time/gtfs-time.ts';
import { type DatedChange, diffDates } from './diff-dates.ts';
import { diffServices, type ServiceChange } from './diff-services.ts';
import { type RetimedRow, retimedTrips, type TripRow, tripsOnlyIn } from './diff-trips.ts';
import { getStoredVersion } from './get-stored-version.ts';

/** Per route and kind, at most this many trips are listed (the counts are always whole). */
export const LISTED_TRIPS = 500;

export type DiffTrip = { tripId: string; first: string | null; last: string | null };
export type DiffRetimedTrip = DiffTrip & { firstBefore: string | null; lastBefore: string | null };
export type RouteDiff = {
  routeId: string;
  routeName: string | null;
  added: number;
  removed: number;
  retimed: number;
  addedTrips: DiffTrip[];
  removedTrips: DiffTrip[];
  retimedTrips: DiffRetimedTrip[];
};
export type StopRef = { stopId: string; stopName: string | null };
export type ScheduleDiff = {
  from: number;
  to: number;
  totals: {
    tripsAdded: number;
    tripsRemoved: number;
    tripsRetimed: number;
    stopsAdded: number;
    stopsRemoved: number;
    servicesChanged: number;
  };
  routes: RouteDiff[];
  stopsAdded: StopRef[];
  stopsRemoved: StopRef[];
  services: ServiceChange[];
  /** What runs differently on each date whose calendar changed ("24 trains do not run on 2026-12-12"). */
  dated: DatedChange[];
};

/**
 * What changes from schedule version `from` to version `to`, computed in SQL over the stored
 * versions: trips added, removed and retimed per route, stops added and removed, service days
 * changed. Both versions must still keep their rows (the current and the previous one).
 */
export async function diffScheduleVersions(
  deps: Pick<Deps, 'db'>,
  options: { from: number; to: number },
): Promise<ScheduleDiff> {
  const { from, to } = options;
  await getStoredVersion(deps.db, from);
  await getStoredVersion(deps.db, to);
  const [added, removed, retimed, stopsAdded, stopsRemoved, services] = await Promise.all([
    tripsOnlyIn(deps, to, from),
    tripsOnlyIn(deps, from, to),
    retimedTrips(deps, from, to),
    stopsOnlyIn(deps, to, from),
    stopsOnlyIn(deps, from, to),
    diffServices(deps, from, to),
  ]);
  return {
    from,
    to,
    totals: {
      tripsAdded: added.length,
      tripsRemoved: removed.length,
      tripsRetimed: retimed.length,
      stopsAdded: stopsAdded.length,
      stopsRemoved: stopsRemoved.length,
      servicesChanged: services.length,
    },
    routes: await byRoute(deps, { from, to }, added, removed, retimed),
    stopsAdded,
    stopsRemoved,
    services,
    dated: await diffDates(deps, from, to, services),
  };
}

async function byRoute(
  deps: Pick<Deps, 'db'>,
  versions: { from: number; to: number },
  added: TripRow[],
  removed: TripRow[],
  retimed: RetimedRow[],
): Promise<RouteDiff[]> {
  const diffs = new Map<string, RouteDiff>();
  const of = (routeId: string) => {
    let d = diffs.get(routeId);
    if (!d) {
      d = {
        routeId,
        routeName: null,
        added: 0,
        removed: 0,
        retimed: 0,
        addedTrips: [],
        removedTrips: [],
        retimedTrips: [],
      };
      diffs.set(routeId, d);
    }
    return d;
  };
  for (const t of sorted(added))
    if (of(t.routeId).added++ < LISTED_TRIPS) of(t.routeId).addedTrips.push(trip(t));
  for (const t of sorted(removed))
    if (of(t.routeId).removed++ < LISTED_TRIPS) of(t.routeId).removedTrips.push(trip(t));
  for (const t of sorted(retimed))
    if (of(t.routeId).retimed++ < LISTED_TRIPS)
      of(t.routeId).retimedTrips.push({
        ...trip(t),
        firstBefore: time(t.beforeStartSecs),
        lastBefore: time(t.beforeEndSecs),
      });
  const names = await routeNames(deps, versions, [...diffs.keys()]);
  for (const d of diffs.values()) d.routeName = names.get(d.routeId) ?? null;
  return [...diffs.values()].sort((x, y) => x.routeId.localeCompare(y.routeId));
}

/** Labels from the newer version, else the older (a removed route); null when only the id names it. */
async function routeNames(deps: Pick<Deps, 'db'>, versions: { from: number; to: number }, ids: string[]) {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const [to, from] = await Promise.all([
    loadScheduleLabels(deps, versions.to),
    loadScheduleLabels(deps, versions.from),
  ]);
  for (const id of ids) {
    const label = to.routes.get(id) ?? from.routes.get(id);
    if (label && label !== id) names.set(id, label);
  }
  return names;
}

function stopsOnlyIn(deps: Pick<Deps, 'db'>, to: number, from: number): Promise<StopRef[]> {
  const other = alias(stops, 'other');
  return deps.db
    .select({ stopId: stops.stopId, stopName: stops.stopName })
    .from(stops)
    .where(
      and(
        eq(stops.versionId, to),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.versionId, from), eq(other.stopId, stops.stopId))),
        ),
      ),
    )
    .orderBy(asc(stops.stopId));
}

function sorted<T extends TripRow>(rows: T[]): T[] {
  return rows.sort((x, y) => (x.startSecs ?? 0) - (y.startSecs ?? 0) || x.tripId.localeCompare(y.tripId));
}
const time = (secs: number | null) => (secs === null ? null : formatGtfsTime(secs));
const trip = (t: TripRow): DiffTrip => ({
  tripId: t.tripId,
  first: time(t.startSecs),
  last: time(t.endSecs),
});
