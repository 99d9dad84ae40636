import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Adds a webhook and hands its secret to the caller, which shows it this once; refreshes the list. */
export function useCreateWebhook({
  onSuccess,
}: {
  onSuccess: (created: { id: string; secret: string }) => void;
}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.webhooks.create.useMutation({
    onSuccess: async (created) => {
      await utils.webhooks.list.invalidate();
      onSuccess(created);
    },
    onError: (error) => notify.error(error),
  });
}
