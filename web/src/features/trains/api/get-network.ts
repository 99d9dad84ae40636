import { trpc } from '../../../lib/trpc.ts';

/** Stops and lines change only with a schedule upload: kept for 5 minutes. */
export function useNetwork() {
  return trpc.trains.network.useQuery(undefined, { staleTime: 300_000 });
}
