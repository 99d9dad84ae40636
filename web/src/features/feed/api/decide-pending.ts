import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Approves what another saved; the pending list and the alerts refresh. */
export function useApprovePending() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.approvals.approve.useMutation({
    onSuccess: async (result) => {
      await utils.approvals.list.invalidate();
      await utils.feed.list.invalidate({ kind: 'alert' });
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}

/** Rejects what another saved, with the reason its author reads. */
export function useRejectPending() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.approvals.reject.useMutation({
    onSuccess: async (result) => {
      await utils.approvals.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}

/** Takes back what waits (its author, or an approver), before it enters the feed. */
export function useWithdrawPending() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.approvals.withdraw.useMutation({
    onSuccess: async (result) => {
      await utils.approvals.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
