import { agencies, calendarDates, calendars, routes, stops, stopTimes, trips } from '@feeddesk/drizzle';
import { inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

const gtfsTables = [stopTimes, trips, stops, routes, agencies, calendars, calendarDates] as const;

/** Deletes the GTFS rows (not the version metadata) of the given schedule versions. */
export async function deleteVersionRows(deps: Pick<Deps, 'db'>, versionIds: number[]): Promise<void> {
  if (versionIds.length === 0) return;
  for (const table of gtfsTables) {
    await deps.db.delete(table).where(inArray(table.versionId, versionIds));
  }
}
