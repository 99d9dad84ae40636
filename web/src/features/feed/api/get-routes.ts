import { trpc } from '../../../lib/trpc.ts';

/** Routes change only with a schedule upload: kept for 5 minutes. */
export function useRoutes() {
  return trpc.schedule.routes.useQuery(undefined, { staleTime: 300_000 });
}
