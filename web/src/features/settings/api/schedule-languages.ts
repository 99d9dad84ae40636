import { trpc } from '../../../lib/trpc.ts';

/** The current schedule's agency_lang and those the settings do not offer: the suggestion (admin). */
export function useScheduleLanguages() {
  return trpc.settings.scheduleLanguages.useQuery(undefined, { staleTime: 30_000 });
}
