import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Spec §8: 'Successfully deleted.'; a failure reads 'Error deleting feed:' then title and message. */
export function useDeleteFeedEntity() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.feed.delete.useMutation({
    onSuccess: async (result, input) => {
      await utils.feed.list.invalidate({ kind: input.kind });
      notify.success(result.message);
    },
    onError: (error) => notify.error(error, 'Error deleting feed:'),
  });
}
