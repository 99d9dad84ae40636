import { trpc } from '../../../lib/trpc.ts';

export function useSummaries() {
  return trpc.summaries.list.useQuery();
}
