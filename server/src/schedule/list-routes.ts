import { routes } from '@feeddesk/drizzle';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { findCurrentLabels } from './load-schedule-labels.ts';
import { labelOf } from './route-labels.ts';

/**
 * One route as GET /db/get_routes gives it; absent values are null, colours have no '#'. The first
 * three fields are the answer's original shape; the others came later (routes.txt's other fields,
 * then the label).
 */
export type RouteListItem = {
  route_id: string;
  route_long_name: string | null;
  route_color: string | null;
  agency_id: string | null;
  route_short_name: string | null;
  route_desc: string | null;
  route_type: number | null;
  route_url: string | null;
  route_text_color: string | null;
  route_sort_order: number | null;
  /** How every screen names the route, told apart from its namesakes (./route-labels.ts). */
  label: string;
};

/** The routes of the current schedule by route_id; empty when none is loaded. */
export async function listRoutes(deps: Pick<Deps, 'db'>): Promise<RouteListItem[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const labels = await findCurrentLabels(deps);
  const rows = await deps.db
    .select({
      routeId: routes.routeId,
      routeLongName: routes.routeLongName,
      routeColor: routes.routeColor,
      agencyId: routes.agencyId,
      routeShortName: routes.routeShortName,
      routeDesc: routes.routeDesc,
      routeType: routes.routeType,
      routeUrl: routes.routeUrl,
      routeTextColor: routes.routeTextColor,
      routeSortOrder: routes.routeSortOrder,
    })
    .from(routes)
    .where(eq(routes.versionId, current.versionId))
    .orderBy(asc(routes.routeId));
  // route_sort_order first (GTFS), then as numbers read: route 2 before route 10.
  rows.sort(
    (a, b) =>
      (a.routeSortOrder ?? Number.POSITIVE_INFINITY) - (b.routeSortOrder ?? Number.POSITIVE_INFINITY) ||
      NATURAL.compare(a.routeId, b.routeId),
  );
  return rows.map((r) => ({
    route_id: r.routeId,
    route_long_name: r.routeLongName,
    route_color: hex(r.routeColor),
    agency_id: r.agencyId,
    route_short_name: r.routeShortName,
    route_desc: r.routeDesc,
    route_type: r.routeType,
    route_url: r.routeUrl,
    route_text_color: hex(r.routeTextColor),
    route_sort_order: r.routeSortOrder,
    label: labelOf(labels.routes, r.routeId),
  }));
}

const NATURAL = new Intl.Collator('en', { numeric: true });

function hex(color: string | null): string | null {
  return color ? color.replace(/^#/, '') : null;
}
