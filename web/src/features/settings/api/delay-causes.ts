import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** The GTFS-Realtime Alert.Cause names a cause maps to: the alert editor's own list. */
export { CAUSES as GTFS_CAUSES } from '../../feed/types.ts';

/** Replaces the catalogue of delay causes (admin); the editors' "Delay cause" menus follow. */
export function useSaveDelayCauses() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.settings.saveCauses.useMutation({
    onSuccess: async (result) => {
      await utils.settings.causes.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
