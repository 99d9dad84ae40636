import { feedEntities } from '@feeddesk/drizzle';
import { decodeFeedEntity } from '@feeddesk/proto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { isExtraTrip } from './rules/fields.ts';

export type TripUpdateNotInSchedule = { id: string; tripId: string; startDate: string | null };

/**
 * Live trip updates whose trip the current schedule lacks (left over after a new schedule; issue
 * 12 part 5). Added trips are not in any schedule on purpose and are not listed. Empty without a schedule.
 */
export async function findTripUpdatesNotInSchedule(
  deps: Pick<Deps, 'db' | 'now'>,
): Promise<TripUpdateNotInSchedule[]> {
  const rows = await deps.db
    .select({ id: feedEntities.id, tripId: feedEntities.tripId, pb: feedEntities.pb })
    .from(feedEntities)
    .where(eq(feedEntities.kind, 'trip_update'));
  const tripIds = [...new Set(rows.map((r) => r.tripId).filter((t): t is string => !!t))];
  if (tripIds.length === 0) return [];
  const view = await readScheduleView(deps, { tripIds, routeIds: [], stopIds: [], agencyIds: [] });
  if (!view) return [];
  return rows.flatMap((row) => {
    const trip = decodeFeedEntity(row.pb).tripUpdate?.trip;
    if (!row.tripId || view.trip(row.tripId) || isExtraTrip(trip)) return [];
    return [{ id: row.id, tripId: row.tripId, startDate: trip?.startDate || null }];
  });
}
