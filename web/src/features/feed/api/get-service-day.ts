import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** Whether any train runs on a service date (YYYYMMDD), and the dates the schedule runs. */
export function useServiceDay(date: string) {
  return trpc.schedule.serviceDay.useQuery(date ? { date } : skipToken, { staleTime: 60_000 });
}
