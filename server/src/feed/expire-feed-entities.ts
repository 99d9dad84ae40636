import { feedEntities } from '@feeddesk/drizzle';
import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { queueExpiredAlerts } from '../webhooks/queue-expired-alerts.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';

/** Removes entities past their expiry from the live feed; the history keeps them. */
export async function expireFeedEntities(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const kinds = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(feedEntities)
      .where(and(isNotNull(feedEntities.expiresAt), lt(feedEntities.expiresAt, now)))
      .returning({ kind: feedEntities.kind, id: feedEntities.id, json: feedEntities.json });
    // An alert that ends by its time has ended for the operator's systems too.
    await queueExpiredAlerts(
      tx,
      gone.filter((g) => g.kind === 'alert'),
      now,
    );
    const changed = [...new Set(gone.map((g) => g.kind as FeedKind))];
    for (const kind of changed) await markFeedChanged(tx, kind, now);
    return { changed, count: gone.length };
  });
  for (const kind of kinds.changed) await deps.bus.publish('feed_changed', kind);
  return kinds.count;
}
