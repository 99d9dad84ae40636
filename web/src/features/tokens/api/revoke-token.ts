import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Revokes a token ('Revoked the token …'); the system using it is refused from its next request. */
export function useRevokeApiToken() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.tokens.revoke.useMutation({
    onSuccess: async (result) => {
      await utils.tokens.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
