import { trpc } from '../../../lib/trpc.ts';

export function useTripsToRoutes() {
  return trpc.schedule.tripsToRoutes.useQuery(undefined, { staleTime: 300_000 });
}
