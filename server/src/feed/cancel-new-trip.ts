import { feedEntities } from '@feeddesk/drizzle';
import { type FeedEntity, TripScheduleRelationship } from '@feeddesk/proto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { deleteFeedEntity } from './delete-feed-entity.ts';
import type { FeedChanges } from './feed-transaction.ts';

export type NewTripCancelled = { id: string; revision: number; message: string };

/**
 * A NEW train is in no schedule, so a CANCELED update for its trip id names a trip that
 * does not exist (E003) and would leave consumers nothing to cancel. Cancelling it means it does
 * not run: its live update is deleted (to the trash, undoable for a minute), so every path that
 * saves a trip update (the trains list, the editor, POST /feed/trip_update) agrees. Answers null
 * when the save is not the cancel of a live NEW train (of that date, when the save names one).
 */
export async function cancelNewTrip(
  deps: AppDeps,
  options: { entity: FeedEntity; by: string | null; changes: FeedChanges },
): Promise<NewTripCancelled | null> {
  const trip = options.entity.tripUpdate?.trip;
  if (!trip?.tripId || Number(trip.scheduleRelationship ?? 0) !== TripScheduleRelationship.CANCELED)
    return null;
  const rows = await deps.db
    .select({ id: feedEntities.id, json: feedEntities.json, revision: feedEntities.revision })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, trip.tripId)));
  const news = rows.filter((row) => {
    const descriptor = (
      row.json as { tripUpdate?: { trip?: { scheduleRelationship?: string; startDate?: string } } }
    ).tripUpdate?.trip;
    return (
      descriptor?.scheduleRelationship === 'NEW' &&
      (!trip.startDate || descriptor.startDate === trip.startDate)
    );
  });
  // The update saved under this very id first: that is the train the controller cancelled.
  const row = news.find((r) => r.id === options.entity.id) ?? news[0];
  if (!row) return null;
  await deleteFeedEntity(deps, { kind: 'trip_update', id: row.id, by: options.by, changes: options.changes });
  return {
    id: row.id,
    revision: row.revision,
    message: `Train ${trip.tripId} was a new train, not in the schedule: cancelling it removed it from the feed (undo within a minute).`,
  };
}
