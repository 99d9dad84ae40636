import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Creates a user, refreshes the list, shows the server's message ('Successfully added this user.'). */
export function useCreateUser({ onSuccess }: { onSuccess?: () => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.users.create.useMutation({
    onSuccess: async (result) => {
      await utils.users.list.invalidate();
      notify.success(result.message);
      onSuccess?.();
    },
    onError: (error) => notify.error(error),
  });
}
