import { skipToken } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** For each stop of a trip, the other platforms of its station (empty for stops without a station). */
export function usePlatforms(stopIds: string[] | null) {
  return trpc.schedule.platforms.useQuery(stopIds && stopIds.length > 0 ? { stopIds } : skipToken, {
    staleTime: 5 * 60_000,
  });
}
