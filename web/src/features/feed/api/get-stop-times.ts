import { skipToken } from '@tanstack/react-query';
import { useScheduleInfo } from '../../../lib/schedule-info.ts';
import { trpc } from '../../../lib/trpc.ts';

/** docs/spec.md §7 "Caching": stop times of a trip are fresh for 5 minutes (docs/spec.md §9: 300000 ms). */
export const STOP_TIMES_CACHE_MS = 300_000;

/**
 * Stop times of a trip, cached per trip. After 5 minutes the cached list is still reused while the
 * schedule has not been reloaded since it was fetched (schedule.info timeSinceLastSchedule, POSIX s).
 */
export function useStopTimes(tripId: string | null) {
  const scheduleLoadedMs = (useScheduleInfo().data?.timeSinceLastSchedule ?? 0) * 1000;
  return trpc.schedule.stopTimes.useQuery(tripId ? { tripId } : skipToken, {
    gcTime: 60 * 60_000,
    staleTime: (query) => {
      const fetchedAt = query.state.dataUpdatedAt;
      if (Date.now() - fetchedAt < STOP_TIMES_CACHE_MS) return STOP_TIMES_CACHE_MS;
      return scheduleLoadedMs < fetchedAt ? Number.POSITIVE_INFINITY : 0;
    },
  });
}
