import { agencies } from '@feeddesk/drizzle';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

/** One agency as GET /db/get_agency gives it: agency.txt's fields, null when the file had none. */
export type AgencyListItem = {
  agency_id: string;
  agency_name: string;
  agency_url: string | null;
  agency_timezone: string;
  agency_lang: string | null;
  agency_phone: string | null;
  agency_fare_url: string | null;
  agency_email: string | null;
};

/** The agencies of the current schedule by agency_id; empty when none is loaded. */
export async function listAgencies(deps: Pick<Deps, 'db'>): Promise<AgencyListItem[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  return deps.db
    .select({
      agency_id: agencies.agencyId,
      agency_name: agencies.agencyName,
      agency_url: agencies.agencyUrl,
      agency_timezone: agencies.agencyTimezone,
      agency_lang: agencies.agencyLang,
      agency_phone: agencies.agencyPhone,
      agency_fare_url: agencies.agencyFareUrl,
      agency_email: agencies.agencyEmail,
    })
    .from(agencies)
    .where(eq(agencies.versionId, current.versionId))
    .orderBy(asc(agencies.agencyId));
}
