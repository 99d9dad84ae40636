import { formations } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { inFeedTransaction } from '../feed/feed-transaction.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { checkServiceDate } from './formation.ts';
import { formationNotFound } from './get-formation.ts';
import { serveFormation } from './serve-formation.ts';

/**
 * Removes a dated train's formation, and its carriages and occupancy from the train's live position
 * and trip update, in one act; 404 when it had none.
 */
export async function deleteFormation(
  deps: AppDeps,
  options: { tripId: string; date: string; by: string | null },
): Promise<void> {
  const { tripId, date, by } = options;
  checkServiceDate(date);
  const view = await readScheduleView(deps, { tripIds: [tripId], routeIds: [], stopIds: [], agencyIds: [] });
  await inFeedTransaction(deps, async (feed) => {
    const gone = await feed.deps.db
      .delete(formations)
      .where(and(eq(formations.tripId, tripId), eq(formations.serviceDate, date)))
      .returning({ tripId: formations.tripId });
    if (gone.length === 0) throw formationNotFound(tripId, date);
    await serveFormation(feed, { tripId, date, view, by, gone: true });
  });
}
