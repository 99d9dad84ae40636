import { trpc } from '../../../lib/trpc.ts';

/** GTFS route_type of buses: 3, or the extended 700–799 (bus service) of Google's route types. */
const isBusRoute = (type: number | null) => type === 3 || (type !== null && type >= 700 && type <= 799);

/** The current schedule's bus routes: the only ones replacement buses may run on. */
export function useBusRoutes() {
  const routes = trpc.schedule.routes.useQuery(undefined, { staleTime: 300_000 });
  return (routes.data ?? []).filter((r) => isBusRoute(r.route_type));
}
