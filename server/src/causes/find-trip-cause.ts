import { tripCauses } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { CauseInput } from './delay-cause.ts';

/** The cause given for a dated train (docs/glossary.md "cause"), or null: the trip editor shows it. */
export async function findTripCause(
  deps: Pick<Deps, 'db'>,
  options: { tripId: string; startDate: string },
): Promise<(CauseInput & { disruptionId: string | null }) | null> {
  const [row] = await deps.db
    .select()
    .from(tripCauses)
    .where(and(eq(tripCauses.tripId, options.tripId), eq(tripCauses.startDate, options.startDate)));
  if (!row) return null;
  return { code: row.code, ...(row.stopId && { stopId: row.stopId }), disruptionId: row.disruptionId };
}
