import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Publishes a draft alert in one act and refreshes the alert list. */
export function usePublishAlert() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.feed.publishAlert.useMutation({
    onSuccess: async (result) => {
      await utils.feed.list.invalidate({ kind: 'alert' });
      await utils.approvals.list.invalidate();
      await utils.feed.get.invalidate({ kind: 'alert', id: result.id });
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
