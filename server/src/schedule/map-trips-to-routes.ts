import { trips } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

/** `{ trip_id: route_id }` of every trip of the current schedule; empty when none is loaded. */
export async function mapTripsToRoutes(deps: Pick<Deps, 'db'>): Promise<Record<string, string>> {
  const current = await findCurrentSchedule(deps);
  if (!current) return {};
  const rows = await deps.db
    .select({ tripId: trips.tripId, routeId: trips.routeId })
    .from(trips)
    .where(eq(trips.versionId, current.versionId));
  return Object.fromEntries(rows.map((r) => [r.tripId, r.routeId]));
}
