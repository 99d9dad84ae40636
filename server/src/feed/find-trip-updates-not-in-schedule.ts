import { feedEntities } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { eq, sql } from 'drizzle-orm';
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
  // The trip descriptor only, from the stored JSON: decoding every entity held the event loop for
  // tens of milliseconds right after a new schedule, when every poller waits for the new feed.
  const rows = await deps.db
    .select({
      id: feedEntities.id,
      tripId: feedEntities.tripId,
      trip: sql<Record<string, unknown> | null>`${feedEntities.json} #> '{tripUpdate,trip}'`,
    })
    .from(feedEntities)
    .where(eq(feedEntities.kind, 'trip_update'));
  const tripIds = [...new Set(rows.map((r) => r.tripId).filter((t): t is string => !!t))];
  if (tripIds.length === 0) return [];
  const view = await readScheduleView(deps, { tripIds, routeIds: [], stopIds: [], agencyIds: [] });
  if (!view) return [];
  return rows.flatMap((row) => {
    if (!row.tripId || view.trip(row.tripId)) return [];
    const trip = row.trip ? transit_realtime.TripDescriptor.fromObject(row.trip) : undefined;
    if (isExtraTrip(trip)) return [];
    return [{ id: row.id, tripId: row.tripId, startDate: trip?.startDate || null }];
  });
}
