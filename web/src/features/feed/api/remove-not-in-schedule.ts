import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Removes every trip update whose trip the current schedule lacks, then refreshes the list and findings. */
export function useRemoveNotInSchedule() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.consistency.removeNotInSchedule.useMutation({
    onSuccess: async (result) => {
      await utils.feed.list.invalidate({ kind: 'trip_update' });
      await utils.consistency.list.invalidate();
      notify.success(`Removed ${result.deleted.length} trip updates not in the schedule.`);
    },
    onError: (error) => notify.error(error),
  });
}
