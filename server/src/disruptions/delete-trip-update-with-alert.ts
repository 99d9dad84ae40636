import { tripUpdateAlerts } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import { inFeedTransaction } from '../feed/feed-transaction.ts';
import { endLinkedAlert } from './save-trip-update-with-alert.ts';

/**
 * Deletes a trip update and, when asked, ends the alert published with it, in one act. Without
 * `endAlert` the link stays, so an undo of the delete finds its alert again.
 */
export async function deleteTripUpdateWithAlert(
  deps: AppDeps,
  options: { id: string; endAlert: boolean; by: string | null },
): Promise<{ alertEnded: boolean }> {
  const { id, by } = options;
  return inFeedTransaction(deps, async (feed) => {
    await deleteFeedEntity(feed.deps, { kind: 'trip_update', id, by, changes: feed.changes });
    const [link] = await feed.deps.db
      .select({ alertId: tripUpdateAlerts.alertId })
      .from(tripUpdateAlerts)
      .where(eq(tripUpdateAlerts.tripUpdateId, id));
    if (!options.endAlert || !link) return { alertEnded: false };
    await endLinkedAlert(feed, id, link.alertId, by);
    return { alertEnded: true };
  });
}
