import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** Stops whose name contains the (already debounced) text; nothing for an empty text. */
export function useFindStops(stopname: string) {
  return trpc.schedule.stops.useQuery(stopname.trim() ? { stopname: stopname.trim() } : skipToken, {
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
