import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

export type TripSearch = {
  route?: string;
  /** A direction_id, offered as "towards <terminus>". */
  direction?: number;
  service?: string;
  number?: string;
  stop?: string;
  date?: string;
};

/** docs/spec.md §5: the train number is searched without its leading zeros. */
export function trainNumber(text: string): string {
  return text.trim().replace(/^0+(?=\d)/, '');
}

/** Trips of a route/service/train number/stop; searched only once something narrows the list. */
export function useFindTrips(search: TripSearch, enabled = true) {
  const number = search.number ? trainNumber(search.number) : undefined;
  const input = {
    ...(search.route ? { route: search.route } : {}),
    ...(search.direction === undefined ? {} : { direction: search.direction }),
    ...(search.service ? { service: search.service } : {}),
    ...(search.date ? { date: search.date } : {}),
    ...(number ? { number } : {}),
    // A stop_id chosen by stop name: the server keeps only trips that call there.
    ...(search.stop ? { stop: search.stop } : {}),
  };
  const narrowed = Boolean(search.route || number || search.stop);
  return trpc.schedule.trips.useQuery(enabled && narrowed ? input : skipToken, {
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
