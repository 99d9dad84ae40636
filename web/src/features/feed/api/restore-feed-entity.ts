import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Undoes a delete of the last minute and refreshes the list it comes back to. */
export function useRestoreFeedEntity() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.feed.restore.useMutation({
    onSuccess: async (result, input) => {
      await utils.feed.list.invalidate({ kind: input.kind });
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
