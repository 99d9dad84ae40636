import { conflictOf, noticesOf } from '../../../lib/errors.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { UNDO_MS } from './delete-feed-entity.ts';
import { useRestoreFeedEntity } from './restore-feed-entity.ts';

/**
 * Saves a trip update and refreshes the trip list. Refused saves carry rule notices
 * (error.data.details.notices); the editor shows them by stop, the banner shows the sentence.
 */
export function useSaveTripUpdate({ onSuccess }: { onSuccess?: (id: string) => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  const restore = useRestoreFeedEntity();
  return trpc.feed.saveTripUpdate.useMutation({
    onSuccess: async (result) => {
      await utils.feed.list.invalidate({ kind: 'trip_update' });
      await utils.feed.get.invalidate({ kind: 'trip_update', id: result.id });
      await utils.feed.tripCause.invalidate();
      // Cancelling a new train removed it (the server says so): undone like a delete.
      if (result.deleted) {
        notify.success(result.message, {
          action: { label: 'Undo', run: () => restore.mutate({ kind: 'trip_update', id: result.id }) },
          ms: UNDO_MS,
        });
        onSuccess?.(result.id);
        return;
      }
      // Warnings do not block the save; they travel with the success banner.
      notify.success([result.message, ...result.warnings.map((w) => `⚠ ${w.message}`)].join('\n'));
      onSuccess?.(result.id);
    },
    // Rule notices and a colleague's change show in the editor; a banner too would say it twice.
    onError: (error) => {
      if (noticesOf(error).length === 0 && !conflictOf(error)) notify.error(error);
    },
  });
}
