import { trpc } from '../../../lib/trpc.ts';

export function useServices() {
  return trpc.schedule.services.useQuery(undefined, { staleTime: 300_000 });
}
