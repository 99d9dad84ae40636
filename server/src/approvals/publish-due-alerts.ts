import { type PendingItemRow, pendingItems } from '@feeddesk/drizzle';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isAppError } from '../errors.ts';
import { inFeedTransaction } from '../feed/feed-transaction.ts';
import { auditPending, itemName, publishPendingAlert } from './pending-item.ts';

/** Items one check publishes at most; the next check (PUBLISH_AT_CHECK_MS later) takes the rest. */
const PER_CHECK = 20;

/**
 * Scheduled alerts whose publishAt has come enter the feed, each in its own act that claims it
 * (FOR UPDATE SKIP LOCKED): every process runs this, one of them publishes each item once, and a
 * process killed mid-way leaves the item for another (its transaction never committed). The
 * feed's stamp and the other processes' caches follow as for any save. An alert the feed rules
 * refuse now is marked failed with their sentence, and the audit says so.
 */
export async function publishDueAlerts(deps: AppDeps): Promise<number> {
  let published = 0;
  for (let i = 0; i < PER_CHECK; i++) {
    let claimed: PendingItemRow | undefined;
    try {
      const done = await inFeedTransaction(deps, async (feed) => {
        const tx = feed.deps.db;
        const now = deps.now();
        [claimed] = await tx
          .select()
          .from(pendingItems)
          .where(and(eq(pendingItems.state, 'scheduled'), lte(pendingItems.publishAt, now)))
          .orderBy(asc(pendingItems.publishAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!claimed) return false;
        await publishPendingAlert(feed, claimed);
        await tx
          .update(pendingItems)
          .set({ state: 'published', publishedAt: now })
          .where(eq(pendingItems.id, claimed.id));
        await auditPending(tx, {
          at: now,
          by: null,
          action: 'enter_feed',
          item: claimed,
          summary: `${itemName(claimed)} by ${claimed.createdBy} entered the feed at ${now.toISOString()}, as scheduled for ${claimed.publishAt!.toISOString()}.`,
        });
        return true;
      });
      if (!done) break;
      published++;
    } catch (error) {
      if (!claimed || !isAppError(error) || error.status >= 500) throw error;
      await markFailed(deps, claimed, error.message);
    }
  }
  return published;
}

async function markFailed(deps: AppDeps, item: PendingItemRow, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [still] = await tx
      .update(pendingItems)
      .set({ state: 'failed', decidedAt: now, reason })
      .where(and(eq(pendingItems.id, item.id), eq(pendingItems.state, 'scheduled')))
      .returning({ id: pendingItems.id });
    if (!still) return;
    await auditPending(tx, {
      at: now,
      by: null,
      action: 'enter_feed_failed',
      item,
      summary: `${itemName(item)} by ${item.createdBy} could not enter the feed at ${now.toISOString()}: ${reason}`,
    });
  });
}
