import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** The GTFS-Realtime Alert.Cause names a cause maps to (server/src/causes/delay-cause.ts). */
export const GTFS_CAUSES = [
  'UNKNOWN_CAUSE',
  'OTHER_CAUSE',
  'TECHNICAL_PROBLEM',
  'STRIKE',
  'DEMONSTRATION',
  'ACCIDENT',
  'HOLIDAY',
  'WEATHER',
  'MAINTENANCE',
  'CONSTRUCTION',
  'POLICE_ACTIVITY',
  'MEDICAL_EMERGENCY',
] as const;

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
