import { trpc } from './trpc.ts';

/** Used by every feature that shows times: the agency's zone, last schedule load, available files. */
export function useScheduleInfo() {
  return trpc.schedule.info.useQuery(undefined, { staleTime: 30_000 });
}

/** The agency's time zone; the operator's until schedule.info answers. */
export function useTimeZone(): string {
  return useScheduleInfo().data?.timezone ?? 'Africa/Johannesburg';
}
