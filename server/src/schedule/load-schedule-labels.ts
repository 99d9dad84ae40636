import { routes, stops } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { labelRoutes, labelStops } from './route-labels.ts';
import type { CurrentSchedule } from './schedule-cache.ts';

/** route_id → label and stop_id → label of one schedule version (./route-labels.ts). */
export type ScheduleLabels = { routes: Map<string, string>; stops: Map<string, string> };

/**
 * The labels of a version's routes and stops. Labels depend on every namesake, so all routes and
 * stops of the version are read (a few thousand rows at most: Renfe Cercanías has 1 162 stops).
 */
export async function loadScheduleLabels(deps: Pick<Deps, 'db'>, versionId: number): Promise<ScheduleLabels> {
  const [routeRows, stopRows] = await Promise.all([
    deps.db
      .select({ routeId: routes.routeId, longName: routes.routeLongName, shortName: routes.routeShortName })
      .from(routes)
      .where(eq(routes.versionId, versionId)),
    deps.db
      .select({
        stopId: stops.stopId,
        name: stops.stopName,
        code: stops.stopCode,
        platformCode: stops.platformCode,
        locationType: stops.locationType,
      })
      .from(stops)
      .where(eq(stops.versionId, versionId)),
  ]);
  return { routes: labelRoutes(routeRows), stops: labelStops(stopRows) };
}

/** Kept per current schedule: a new or rolled-back schedule is a new CurrentSchedule object. */
const cached = new WeakMap<CurrentSchedule, Promise<ScheduleLabels>>();
const NONE: ScheduleLabels = { routes: new Map(), stops: new Map() };

/** The labels of the current schedule (empty maps when none is loaded). */
export async function findCurrentLabels(deps: Pick<Deps, 'db'>): Promise<ScheduleLabels> {
  const current = await findCurrentSchedule(deps);
  if (!current) return NONE;
  let labels = cached.get(current);
  if (!labels) {
    labels = loadScheduleLabels(deps, current.versionId);
    cached.set(current, labels);
    labels.catch(() => cached.delete(current));
  }
  return labels;
}
