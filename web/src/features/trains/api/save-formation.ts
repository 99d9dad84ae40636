import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Saves a dated train's formation; the trains list shows it again once saved. */
export function useSaveFormation(onSaved: () => void) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.trains.saveFormation.useMutation({
    onSuccess: async () => {
      await utils.trains.list.invalidate();
      notify.success('Formation saved.');
      onSaved();
    },
    onError: (error) => notify.error(error, 'Error saving the formation:'),
  });
}

/** Removes a dated train's formation (and its carriages from the feeds). */
export function useDeleteFormation(onDeleted: () => void) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.trains.deleteFormation.useMutation({
    onSuccess: async (result) => {
      await utils.trains.list.invalidate();
      notify.success(result.message);
      onDeleted();
    },
    onError: (error) => notify.error(error, 'Error deleting the formation:'),
  });
}
