import { trips } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { findCurrentLabels } from '../schedule/load-schedule-labels.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

export type ScheduleNames = {
  routes: Map<string, string>;
  stops: Map<string, string>;
  trips: Map<
    string,
    {
      routeId: string;
      headsign: string | null;
      startSecs: number | null;
      endSecs: number | null;
      /** trip_short_name: the train number riders and controllers know. */
      shortName: string | null;
    }
  >;
  /** The current schedule's zone (null without one): runs are placed in time by it. */
  timezone: string | null;
};

const CHUNK = 1000;

/**
 * Names of the routes, stops and trips the summary mentions, from the current schedule (trips
 * are read by id, in chunks; routes and stops by their labels, ../schedule/route-labels.ts). Without a schedule every map is empty and ids stand alone.
 */
export async function loadScheduleNames(
  deps: Pick<Deps, 'db'>,
  ids: { routeIds: Iterable<string>; stopIds: Iterable<string>; tripIds: Iterable<string> },
): Promise<ScheduleNames> {
  const names: ScheduleNames = { routes: new Map(), stops: new Map(), trips: new Map(), timezone: null };
  const current = await findCurrentSchedule(deps);
  if (!current) return names;
  names.timezone = current.timezone;
  const version = current.versionId;
  for (const chunk of chunks(ids.tripIds)) {
    const rows = await deps.db
      .select({
        id: trips.tripId,
        routeId: trips.routeId,
        headsign: trips.tripHeadsign,
        startSecs: trips.startSecs,
        endSecs: trips.endSecs,
        shortName: trips.tripShortName,
      })
      .from(trips)
      .where(and(eq(trips.versionId, version), isAnyOf(trips.tripId, chunk)));
    for (const { id, ...trip } of rows) names.trips.set(id, trip);
  }
  // Labels, not bare names: two routes called "Local" stay two rows a reader tells apart.
  const labels = await findCurrentLabels(deps);
  const routeIds = new Set(ids.routeIds);
  for (const t of names.trips.values()) routeIds.add(t.routeId);
  for (const id of routeIds) {
    const label = labels.routes.get(id);
    if (label) names.routes.set(id, label);
  }
  for (const id of ids.stopIds) {
    const label = labels.stops.get(id);
    if (label) names.stops.set(id, label);
  }
  return names;
}

function* chunks(values: Iterable<string>): Generator<string[]> {
  let chunk: string[] = [];
  for (const v of values) {
    chunk.push(v);
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}
