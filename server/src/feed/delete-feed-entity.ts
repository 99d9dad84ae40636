import type { AppDeps } from '../deps.ts';
import { type DeleteFeedEntityOptions, deleteFeedEntityRows } from './delete-feed-entity-rows.ts';
import { inFeedTransaction } from './feed-transaction.ts';

export { type DeleteFeedEntityOptions, deleteLiveEntities, UNDO_MS } from './delete-feed-entity-rows.ts';

/**
 * Removes an entity from the live feed and logs the deletion, as one feed act that keeps the feed
 * invariants (deleting a train's skip leaves its alert behind), or as part of the act the caller
 * holds (`changes`). What it writes: deleteFeedEntityRows. Answers whether it was live.
 */
export async function deleteFeedEntity(deps: AppDeps, options: DeleteFeedEntityOptions): Promise<boolean> {
  const { changes } = options;
  if (changes) return deleteFeedEntityRows(deps, { ...options, changes });
  return inFeedTransaction(deps, (feed) =>
    deleteFeedEntityRows(feed.deps, { ...options, changes: feed.changes }),
  );
}
