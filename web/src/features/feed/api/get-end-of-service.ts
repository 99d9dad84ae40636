import { trpc } from '../../../lib/trpc.ts';

/**
 * Asks the server for "end of service": the last arrival of the service day running at `at`
 * (POSIX; the impact's start), from the current schedule in the agency's zone.
 */
export function useEndOfService() {
  const utils = trpc.useUtils();
  return (at?: number) => utils.schedule.endOfService.fetch(at === undefined ? {} : { at });
}
