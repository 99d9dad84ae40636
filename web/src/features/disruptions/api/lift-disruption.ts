import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Lifting changes trips and may end an alert: the feed lists are refreshed too. */
export function useLiftDisruption() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.disruptions.lift.useMutation({
    onSuccess: async () => {
      await Promise.all([
        utils.disruptions.list.invalidate(),
        utils.feed.list.invalidate(),
        utils.feed.tripCause.invalidate(),
      ]);
      notify.success('Disruption lifted: every trip is back as it was.');
    },
    onError: (error) => notify.error(error),
  });
}
