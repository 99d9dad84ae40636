import { feedEntities, feedLog } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { markFeedChanged } from './feed-state.ts';
import { inFeedTransaction } from './feed-transaction.ts';
import { findTripUpdatesNotInSchedule } from './find-trip-updates-not-in-schedule.ts';

/**
 * Removes, in one act, every live trip update whose trip the current schedule lacks (the feed
 * list's "Not in schedule" rows); each deletion is logged like a single one. Returns the ids removed.
 * The act keeps the feed invariants like a single delete: the trains' own skipped-stop alerts end
 * with them, and one that would leave another alert contradicting the feed is refused.
 */
export async function deleteTripUpdatesNotInSchedule(
  deps: AppDeps,
  options: { by: string | null },
): Promise<{ deleted: string[] }> {
  const ids = (await findTripUpdatesNotInSchedule(deps)).map((t) => t.id);
  if (ids.length === 0) return { deleted: [] };
  const now = deps.now();
  const deleted = await inFeedTransaction(deps, async ({ deps: { db: tx }, changes }) => {
    const rows = await tx
      .delete(feedEntities)
      .where(and(eq(feedEntities.kind, 'trip_update'), isAnyOf(feedEntities.id, ids)))
      .returning({ id: feedEntities.id, tripId: feedEntities.tripId });
    if (rows.length === 0) return [];
    await tx.insert(feedLog).values(
      rows.map((r) => ({
        kind: 'trip_update',
        entityId: r.id,
        action: 'delete',
        at: now,
        by: options.by,
        json: null,
        tripId: r.tripId,
      })),
    );
    await markFeedChanged(tx, 'trip_update', now);
    changes.add('trip_update', options.by);
    return rows.map((r) => r.id);
  });
  return { deleted: deleted.sort() };
}
