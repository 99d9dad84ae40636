import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

/**
 * One direction of a route as a controller names it: "towards San Francisco". `routeId`
 * null is the direction over every route (the corridor: derived directions agree across routes).
 */
export type RouteDirection = {
  routeId: string | null;
  directionId: number;
  /** "towards A", or "towards A / B" when termini tie for the most trips. */
  towards: string;
  /** The termini by number of trips ending there, most first (station names). */
  termini: string[];
  /** True when the schedule gave no direction_id for (some of) these trips: the load derived it. */
  derived: boolean;
  trips: number;
};

type TerminusRow = {
  route_id: string;
  direction_id: number;
  terminus: string;
  trips: number;
  derived: boolean;
};

/** Remembered per database handle and version: a version's rows never change once loaded. */
const memos = new WeakMap<object, Map<number, Promise<RouteDirection[]>>>();

/**
 * The directions of every route of a version (the current one by default), each named by the
 * terminus most of its trips end at; ordered by route, then direction, the corridor's first.
 */
export async function listDirections(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { versionId?: number } = {},
): Promise<RouteDirection[]> {
  const versionId = options.versionId ?? (await findCurrentSchedule(deps))?.versionId;
  if (versionId === undefined) return [];
  let memo = memos.get(deps.db);
  if (!memo) {
    memo = new Map();
    memos.set(deps.db, memo);
  }
  const versions = memo;
  let found = memo.get(versionId);
  if (!found) {
    if (memo.size > 8) memo.clear();
    found = readDirections(deps, versionId);
    found.catch(() => versions.delete(versionId));
    memo.set(versionId, found);
  }
  return found;
}

async function readDirections(deps: Pick<Deps, 'db'>, versionId: number): Promise<RouteDirection[]> {
  const rows = (await deps.db.execute(sql`
    select t.route_id, t.direction_id::int as direction_id,
      coalesce(nullif(p.stop_name, ''), nullif(s.stop_name, ''), t.last_stop_id, '?') as terminus,
      count(*)::int as trips, bool_or(t.direction_derived) as derived
    from gtfs_trips t
    left join gtfs_stops s on s.version_id = t.version_id and s.stop_id = t.last_stop_id
    left join gtfs_stops p on p.version_id = s.version_id and p.stop_id = s.parent_station
    where t.version_id = ${versionId} and t.direction_id is not null
    group by 1, 2, 3`)) as unknown as TerminusRow[];
  // Grouped once: filtering every row per route took 90 ms of the event loop for 4 260 routes.
  const rowsOfRoute = new Map<string, TerminusRow[]>();
  for (const r of rows) {
    const list = rowsOfRoute.get(r.route_id);
    if (list) list.push(r);
    else rowsOfRoute.set(r.route_id, [r]);
  }
  const routeIds = [...rowsOfRoute.keys()].sort();
  const directionsOf = (routeId: string | null) => {
    const mine = routeId === null ? rows : rowsOfRoute.get(routeId)!;
    const named = [0, 1].flatMap((d) => {
      const ofDirection = mine.filter((r) => r.direction_id === d);
      return ofDirection.length ? [named_(routeId, d, ofDirection)] : [];
    });
    // Both directions ending at one terminus (a loop run both ways round): still two names.
    if (named.length === 2 && named[0]!.towards === named[1]!.towards)
      for (const n of named) n.towards += n.directionId === 0 ? ' (one way round)' : ' (the other way round)';
    return named;
  };
  return [...(routeIds.length > 1 ? directionsOf(null) : []), ...routeIds.flatMap(directionsOf)];
}

function named_(routeId: string | null, directionId: number, rows: TerminusRow[]): RouteDirection {
  const byTerminus = new Map<string, number>();
  for (const r of rows) byTerminus.set(r.terminus, (byTerminus.get(r.terminus) ?? 0) + r.trips);
  const termini = [...byTerminus].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const most = termini[0]![1];
  return {
    routeId,
    directionId,
    towards: `towards ${termini
      .filter(([, n]) => n === most)
      .map(([name]) => name)
      .join(' / ')}`,
    termini: termini.map(([name]) => name),
    derived: rows.some((r) => r.derived),
    trips: termini.reduce((sum, [, n]) => sum + n, 0),
  };
}
