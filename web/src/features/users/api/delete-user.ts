import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** Deletes a user; banner 'Successfully deleted user {username}' (docs/spec.md §8). */
export function useDeleteUser() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.users.delete.useMutation({
    onSuccess: async (result) => {
      await utils.users.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
