import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/**
 * Whether any train runs on a service date (YYYYMMDD), and the dates the schedule runs; with a
 * service, whether it runs then, else the next date it does.
 */
export function useServiceDay(date: string, service?: string) {
  return trpc.schedule.serviceDay.useQuery(date ? { date, ...(service ? { service } : {}) } : skipToken, {
    staleTime: 60_000,
  });
}
