import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Creates a token and hands it to the caller, which shows it this once; refreshes the list. */
export function useCreateApiToken({
  onSuccess,
}: {
  onSuccess: (created: { id: number; token: string }) => void;
}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.tokens.create.useMutation({
    onSuccess: async (created) => {
      await utils.tokens.list.invalidate();
      onSuccess(created);
    },
    onError: (error) => notify.error(error),
  });
}
