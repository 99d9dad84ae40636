import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { deletedThing } from '../feed-labels.ts';
import { UNDO_MS } from './delete-feed-entity.ts';
import { useRestoreFeedEntity } from './restore-feed-entity.ts';

/**
 * Deletes a trip update like useDeleteFeedEntity; when an alert was published with it, asks as well
 * whether riders should stop reading it (the alert is ended in the same act).
 */
export function useDeleteTripUpdate() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  const restore = useRestoreFeedEntity();
  const remove = trpc.disruptions.deleteTripUpdate.useMutation({
    onSuccess: async (result, input) => {
      await utils.feed.list.invalidate();
      notify.success(result.message, {
        action: { label: 'Undo', run: () => restore.mutate({ kind: 'trip_update', id: input.id }) },
        ms: UNDO_MS,
      });
    },
    onError: (error) => notify.error(error, 'Error deleting feed:'),
  });
  return async (id: string, tripId: string, startDate: string | undefined) => {
    if (!window.confirm(`Delete ${deletedThing('trip_update', tripId)}?`)) return;
    const { linked } = await utils.disruptions.tripAlert.fetch({
      tripUpdateId: id,
      tripId,
      startDate,
      cancelled: false,
      skippedStopIds: [],
    });
    const endAlert =
      Boolean(linked?.alert && !linked.disruption) &&
      window.confirm('An alert was published with this trip update. End that alert too?');
    remove.mutate({ id, endAlert });
  };
}
