import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../../lib/trpc.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

export type LintInput = inferRouterInputs<AppRouter>['feed']['lintAlert'];
export type LintNotice = inferRouterOutputs<AppRouter>['feed']['lintAlert'][number];

/**
 * The alert linter as the controller types: the server's feed rules on the alert being written
 * (debounced), the same notices a save would give.
 */
export function useLintAlert(input: LintInput | null) {
  const debounced = useDebounced(input, 400);
  return trpc.feed.lintAlert.useQuery(debounced ?? skipToken, {
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
