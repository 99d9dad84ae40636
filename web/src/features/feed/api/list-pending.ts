import { trpc } from '../../../lib/trpc.ts';

/** What waits to enter the feed (pending approval, scheduled, emergency publishes), live with the feed. */
export function usePendingItems(enabled: boolean) {
  return trpc.approvals.list.useQuery(undefined, { enabled, refetchInterval: 15_000 });
}
