import { trpc } from '../../../lib/trpc.ts';

/** Findings across the live feed and the schedule; refreshed with the feed list. */
export function useConsistencyFindings() {
  return trpc.consistency.list.useQuery(undefined, { refetchInterval: 60_000 });
}
