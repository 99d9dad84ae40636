import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Makes an earlier version current again; the versions, the schedule and the findings change with it. */
export function useRollbackScheduleVersion() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.schedule.rollback.useMutation({
    onSuccess: async (result) => {
      await Promise.all([
        utils.schedule.invalidate(),
        utils.consistency.invalidate(),
        utils.feed.invalidate(),
      ]);
      notify.success(`Schedule version ${result.versionId} is current again.`);
    },
    onError: (error) => notify.error(error),
  });
}
