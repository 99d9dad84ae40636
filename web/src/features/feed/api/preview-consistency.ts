import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { trpc } from '../../../lib/trpc.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

export type PreviewInput = inferRouterInputs<AppRouter>['consistency']['preview'];

/** The findings a change would add if saved (the editors warn before saving; never blocking). */
export function usePreviewFindings(input: PreviewInput | null) {
  const debounced = useDebounced(input);
  return trpc.consistency.preview.useQuery(debounced ?? skipToken, {
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
