import { createContext, useContext } from 'react';
import { trpc } from './trpc.ts';

/** Used by every feature that shows times: the agency's zone, last schedule load, available files. */
export function useScheduleInfo() {
  return trpc.schedule.info.useQuery(undefined, { staleTime: 30_000 });
}

/** The agency's zone, provided by <AgencyZone> once schedule.info has answered (app/agency-zone.tsx). */
export const TimeZoneContext = createContext<string | null>(null);

/**
 * The agency's time zone: never a fallback. Screens render inside <AgencyZone>, which
 * waits for schedule.info; a default time computed in another zone would be hours off.
 */
export function useTimeZone(): string {
  const zone = useContext(TimeZoneContext);
  if (!zone) throw new Error('useTimeZone() outside <AgencyZone>: the agency zone is not known yet.');
  return zone;
}
