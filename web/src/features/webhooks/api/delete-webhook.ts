import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Deletes a webhook ('Deleted the webhook to …') and its deliveries. */
export function useDeleteWebhook() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.webhooks.delete.useMutation({
    onSuccess: async (result) => {
      await utils.webhooks.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
