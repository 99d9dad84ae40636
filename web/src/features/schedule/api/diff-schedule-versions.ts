import { trpc } from '../../../lib/trpc.ts';

/** What changes from one kept version to another; waits until both are chosen. */
export function useScheduleDiff(from: number | null, to: number | null) {
  return trpc.schedule.diff.useQuery(
    { from: from ?? 0, to: to ?? 0 },
    { enabled: from !== null && to !== null, retry: false },
  );
}
