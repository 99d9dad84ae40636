import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

export function useAlertTemplates() {
  return trpc.disruptions.templates.useQuery();
}

export function useSaveAlertTemplate() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.disruptions.saveTemplate.useMutation({
    onSuccess: async (result) => {
      await utils.disruptions.templates.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
