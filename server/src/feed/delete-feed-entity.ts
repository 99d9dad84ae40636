import { feedEntities, feedLog, feedTrash } from '@feeddesk/drizzle';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import { type FeedChanges, inFeedTransaction } from './feed-transaction.ts';

/** How long a delete can be undone (restoreFeedEntity). */
export const UNDO_MS = 60_000;

export type DeleteFeedEntityOptions = {
  kind: FeedKind;
  id: string;
  by: string | null;
  deleteFromLog?: boolean;
  /** An entity already gone (expired, deleted by a colleague) is no error: false is answered. */
  ifLive?: boolean;
  /** As for saveFeedEntity: the caller holds the transaction and announces the change after it. */
  changes?: FeedChanges;
};

/**
 * Removes an entity from the live feed and logs the deletion; the whole row waits in the trash for
 * a minute so the delete can be undone exactly. `deleteFromLog` also erases the entity's history
 * (then nothing of it remains, not even in the trash). Answers whether it was live.
 */
export async function deleteFeedEntity(deps: AppDeps, options: DeleteFeedEntityOptions): Promise<boolean> {
  // One act that keeps the feed invariants (deleting a train's skip leaves its alert behind).
  if (!options.changes)
    return inFeedTransaction(deps, (feed) =>
      deleteFeedEntity(feed.deps, { ...options, changes: feed.changes }),
    );
  const now = deps.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(feedEntities)
      .where(and(eq(feedEntities.kind, options.kind), eq(feedEntities.id, options.id)))
      .returning();
    const row = deleted[0];
    if (!row && options.ifLive) return false;
    if (!row) {
      throw new AppError('entity_not_found', {
        message: `There is no ${options.kind.replace('_', ' ')} with id '${options.id}' in the live feed.`,
      });
    }
    await tx.delete(feedTrash).where(lt(feedTrash.deletedAt, new Date(now.getTime() - UNDO_MS)));
    if (!options.deleteFromLog) {
      const { pb, ...rest } = row;
      const trashed = { kind: row.kind, id: row.id, row: rest, pb, deletedAt: now, deletedBy: options.by };
      await tx
        .insert(feedTrash)
        .values(trashed)
        .onConflictDoUpdate({ target: [feedTrash.kind, feedTrash.id], set: trashed });
    }
    if (options.deleteFromLog) {
      await tx.delete(feedLog).where(and(eq(feedLog.kind, options.kind), eq(feedLog.entityId, options.id)));
    } else {
      await tx.insert(feedLog).values({
        kind: options.kind,
        entityId: options.id,
        action: 'delete',
        at: now,
        by: options.by,
        json: null,
      });
    }
    await markFeedChanged(tx, options.kind, now);
    return true;
  });
  if (!deleted) return false;
  options.changes.add(options.kind, options.by);
  return true;
}
