import { trpc } from '../../../lib/trpc.ts';

/** The kept schedule versions and how many are kept. */
export function useScheduleVersions() {
  return trpc.schedule.versions.useQuery();
}
