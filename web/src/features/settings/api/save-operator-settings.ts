import { TRPCClientError } from '@trpc/client';
import { useNotifications } from '../../../lib/notifications.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** What uses a language the settings would stop offering (server: languages_in_use, 409). */
export type LanguageInUse = {
  tag: string;
  alerts: { id: string; header: string }[];
  templates: { id: string; name: string }[];
};

/** The alerts and templates of a refusal for languages in use; else null. */
export function languagesInUseOf(error: unknown): { message: string; inUse: LanguageInUse[] } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { appCode?: string; details?: { inUse?: LanguageInUse[] } } | undefined;
  if (data?.appCode !== 'languages_in_use') return null;
  return { message: error.message, inUse: data.details?.inUse ?? [] };
}

/**
 * Saves the settings; every screen reading the languages (editors, templates, the feed list) and
 * the suggestion follow at once. A refusal for languages in use is left to the form, which asks.
 */
export function useSaveOperatorSettings() {
  const utils = trpc.useUtils();
  const notify = useNotifications();
  return trpc.settings.save.useMutation({
    onSuccess: async (result) => {
      await Promise.all([
        utils.settings.get.invalidate(),
        utils.settings.scheduleLanguages.invalidate(),
        utils.alertTemplates.list.invalidate(),
      ]);
      notify.success(result.message);
    },
    onError: (error) => {
      if (!languagesInUseOf(error)) notify.error(error);
    },
  });
}
