import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterInputs } from '@trpc/server';
import { conflictOf, noticesOf } from '../../../lib/errors.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Publish (or update) this alert with the trip update, or end the linked one. */
export type TripAlertChoice = inferRouterInputs<AppRouter>['disruptions']['saveTripUpdateWithAlert']['alert'];

/**
 * Saves the trip update and its alert in one act and refreshes both lists; errors show as for
 * useSaveTripUpdate (rule notices and a colleague's change in the editor, the rest in a banner).
 */
export function useSaveTripUpdateWithAlert({ onSuccess }: { onSuccess?: (id: string) => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.disruptions.saveTripUpdateWithAlert.useMutation({
    onSuccess: async (result) => {
      await utils.feed.list.invalidate();
      await utils.feed.get.invalidate();
      await utils.feed.tripCause.invalidate();
      await utils.disruptions.tripAlert.invalidate();
      await utils.disruptions.alertLinks.invalidate();
      const warnings = result.warnings.map((w) => `⚠ ${w.message}`);
      notify.success([result.message, result.alertMessage, ...warnings].join('\n'));
      onSuccess?.(result.id);
    },
    onError: (error) => {
      if (noticesOf(error).length === 0 && !conflictOf(error)) notify.error(error);
    },
  });
}
