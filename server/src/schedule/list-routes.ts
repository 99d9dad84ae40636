import { routes } from '@feeddesk/drizzle';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

/** One route as GET /db/get_routes gives it; absent values are null, the colour has no '#'. */
export type RouteListItem = { route_id: string; route_long_name: string | null; route_color: string | null };

/** The routes of the current schedule by route_id; empty when none is loaded. */
export async function listRoutes(deps: Pick<Deps, 'db'>): Promise<RouteListItem[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const rows = await deps.db
    .select({ routeId: routes.routeId, routeLongName: routes.routeLongName, routeColor: routes.routeColor })
    .from(routes)
    .where(eq(routes.versionId, current.versionId))
    .orderBy(asc(routes.routeId));
  return rows.map((r) => ({
    route_id: r.routeId,
    route_long_name: r.routeLongName,
    route_color: r.routeColor ? r.routeColor.replace(/^#/, '') : null,
  }));
}
