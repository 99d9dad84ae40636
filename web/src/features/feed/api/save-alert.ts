import { conflictOf, noticesOf } from '../../../lib/errors.ts';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Saves an alert ('  ✅ Successfully saved Alert!') and refreshes the alert list. */
export function useSaveAlert({ onSuccess }: { onSuccess?: (id: string) => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.feed.saveAlert.useMutation({
    onSuccess: async (result) => {
      await utils.feed.list.invalidate({ kind: 'alert' });
      await utils.approvals.list.invalidate();
      await utils.feed.get.invalidate({ kind: 'alert', id: result.id });
      // Warnings do not block the save; they travel with the success banner.
      notify.success([result.message, ...result.warnings.map((w) => `⚠ ${w.message}`)].join('\n'));
      onSuccess?.(result.id);
    },
    // Rule notices and a colleague's change show in the editor; a banner too would say it twice.
    onError: (error) => {
      if (noticesOf(error).length === 0 && !conflictOf(error)) notify.error(error);
    },
  });
}
