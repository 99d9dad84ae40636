import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

export type AlertTemplate = inferRouterOutputs<AppRouter>['alertTemplates']['list'][number];
export type AlertTemplateInput = inferRouterInputs<AppRouter>['alertTemplates']['save'];

/** The templates controllers start alerts from (and admins keep). */
export function useAlertTemplates() {
  return trpc.alertTemplates.list.useQuery();
}

export function useSaveAlertTemplate({ onSuccess }: { onSuccess?: (id: string) => void } = {}) {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.alertTemplates.save.useMutation({
    onSuccess: async (result) => {
      await utils.alertTemplates.list.invalidate();
      notify.success(result.message);
      onSuccess?.(result.id);
    },
    onError: (error) => notify.error(error),
  });
}

export function useDeleteAlertTemplate() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.alertTemplates.delete.useMutation({
    onSuccess: async (result) => {
      await utils.alertTemplates.list.invalidate();
      notify.success(result.message);
    },
    onError: (error) => notify.error(error),
  });
}
