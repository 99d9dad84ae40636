import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

export function useUpdateUser({ onSuccess }: { onSuccess?: () => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.users.update.useMutation({
    onSuccess: async (result) => {
      await utils.users.list.invalidate();
      notify.success(result.message);
      onSuccess?.();
    },
    onError: (error) => notify.error(error),
  });
}
