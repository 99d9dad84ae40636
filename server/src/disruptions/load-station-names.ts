import { stops } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

const station = alias(stops, 'station');

/**
 * The names riders know some stops by in the current schedule: the parent station's name, else the
 * stop's own (a train turned short at platform 3 shows "Bellville", as the trip's terminus does).
 * Stops unknown to the schedule are absent.
 */
export async function loadStationNames(
  deps: Pick<Deps, 'db'>,
  stopIds: string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const current = await findCurrentSchedule(deps);
  if (!current || stopIds.length === 0) return names;
  const rows = await deps.db
    .select({
      stopId: stops.stopId,
      name: sql<string>`coalesce(nullif(${station.stopName}, ''), nullif(${stops.stopName}, ''), ${stops.stopId})`,
    })
    .from(stops)
    .leftJoin(station, and(eq(station.versionId, stops.versionId), eq(station.stopId, stops.parentStation)))
    .where(and(eq(stops.versionId, current.versionId), isAnyOf(stops.stopId, [...new Set(stopIds)])));
  for (const row of rows) names.set(row.stopId, row.name);
  return names;
}
