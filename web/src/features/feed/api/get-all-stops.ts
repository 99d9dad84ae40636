import { trpc } from '../../../lib/trpc.ts';

/** Every stop of the schedule, [stop_id, stop_name] by name: a new train may call at any of them. */
export function useAllStops() {
  return trpc.schedule.stops.useQuery({}, { staleTime: 300_000 });
}
