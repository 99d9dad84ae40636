import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

export function useDeleteSummary() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.summaries.delete.useMutation({
    onSuccess: async (result) => {
      await utils.summaries.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
