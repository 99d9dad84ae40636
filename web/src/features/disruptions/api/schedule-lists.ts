import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** Routes change only with a schedule upload: kept for 5 minutes. */
export function useRouteChoices() {
  return trpc.schedule.routes.useQuery(undefined, { staleTime: 300_000 });
}

/** Stops whose name contains the text; nothing for an empty text. */
export function useStopChoices(stopname: string) {
  return trpc.schedule.stops.useQuery(stopname.trim() ? { stopname: stopname.trim() } : skipToken, {
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Whether any train runs on the date (YYYYMMDD): a schedule whose calendars ended runs none today. */
export function useServiceDay(date: string) {
  return trpc.schedule.serviceDay.useQuery(date ? { date } : skipToken, { staleTime: 60_000 });
}
