import { trips } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/**
 * The train numbers of these trips in the current schedule (trip_number, else trip_short_name):
 * read by the trip each row logged, so a deleted trip update's line still names its train.
 */
export async function trainNumbers(deps: Pick<Deps, 'db'>, tripIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const current = tripIds.length > 0 ? await findCurrentSchedule(deps) : null;
  if (!current) return found;
  const rows = await deps.db
    .select({ tripId: trips.tripId, number: trips.tripNumber, shortName: trips.tripShortName })
    .from(trips)
    .where(and(eq(trips.versionId, current.versionId), isAnyOf(trips.tripId, [...new Set(tripIds)])));
  for (const row of rows) {
    const number = row.number?.trim() || row.shortName?.trim();
    if (number) found.set(row.tripId, number);
  }
  return found;
}

/** " (train 2300)", " (trip WD-2300)" when the schedule gives it no number, or nothing without a trip. */
export function trainOf(tripId: string | null, numbers: Map<string, string>): string {
  if (!tripId) return '';
  const number = numbers.get(tripId);
  return number ? ` (train ${number})` : ` (trip ${tripId})`;
}
