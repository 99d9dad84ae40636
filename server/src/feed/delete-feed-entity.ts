import { feedEntities, feedLog } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';

/**
 * Removes an entity from the live feed and logs the deletion. `deleteFromLog` also erases the
 * entity's history (then nothing of it remains).
 */
export async function deleteFeedEntity(
  deps: AppDeps,
  options: { kind: FeedKind; id: string; by: string | null; deleteFromLog?: boolean },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(feedEntities)
      .where(and(eq(feedEntities.kind, options.kind), eq(feedEntities.id, options.id)))
      .returning({ id: feedEntities.id });
    if (deleted.length === 0) {
      throw new AppError('entity_not_found', {
        message: `There is no ${options.kind.replace('_', ' ')} with id '${options.id}' in the live feed.`,
      });
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
  });
  await deps.bus.publish('feed_changed', options.kind);
}
