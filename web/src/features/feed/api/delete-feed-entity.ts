import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { deletedThing } from '../feed-labels.ts';
import type { FeedKind } from './list-feed.ts';
import { useRestoreFeedEntity } from './restore-feed-entity.ts';

/** The server keeps a deleted entity this long for an undo (restoreFeedEntity). */
export const UNDO_MS = 60_000;

/**
 * Asks "Delete the update of train 2300?", deletes, and offers Undo in the success banner for the
 * minute the server keeps the entity (docs/spec.md §8: 'Successfully deleted.'; a failure reads
 * 'Error deleting feed:' then title and message).
 */
export function useDeleteFeedEntity() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  const restore = useRestoreFeedEntity();
  const remove = trpc.feed.delete.useMutation({
    onSuccess: async (result, input) => {
      await utils.feed.list.invalidate({ kind: input.kind });
      notify.success(result.message, {
        action: { label: 'Undo', run: () => restore.mutate({ kind: input.kind, id: input.id }) },
        ms: UNDO_MS,
      });
    },
    onError: (error) => notify.error(error, 'Error deleting feed:'),
  });
  /** `name`: the trip id of a trip update, the header of an alert. */
  return (kind: FeedKind, id: string, name: string) => {
    if (window.confirm(`Delete ${deletedThing(kind, name)}?`)) remove.mutate({ kind, id });
  };
}
