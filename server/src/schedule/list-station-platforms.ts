import { stops } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { findCurrentLabels } from './load-schedule-labels.ts';
import { isAnyOf } from './statement-batches.ts';

export type ListStationPlatformsOptions = { stopIds: string[] };

/** A stop a train can be moved to: another platform of the same station. */
export type Platform = { stopId: string; stopName: string | null };

/**
 * For each stop asked, the other platforms of its station: the stops (location_type 0 or empty)
 * whose parent_station is the stop's parent_station, or the stop itself when it is a station; the
 * stop itself left out, by stop_id. A stop without a station has none. Empty when no schedule is loaded.
 */
export async function listStationPlatforms(
  deps: Pick<Deps, 'db'>,
  { stopIds }: ListStationPlatformsOptions,
): Promise<Record<string, Platform[]>> {
  const current = await findCurrentSchedule(deps);
  const result: Record<string, Platform[]> = Object.fromEntries(stopIds.map((id) => [id, []]));
  if (!current || stopIds.length === 0) return result;
  const asked = await deps.db
    .select({ stopId: stops.stopId, parent: stops.parentStation, locationType: stops.locationType })
    .from(stops)
    .where(and(eq(stops.versionId, current.versionId), isAnyOf(stops.stopId, stopIds)));
  const stationOf = new Map(
    asked.flatMap((s) => {
      const station = s.parent || (s.locationType === 1 ? s.stopId : null);
      return station ? [[s.stopId, station] as const] : [];
    }),
  );
  if (stationOf.size === 0) return result;
  const children = await deps.db
    .select({
      stopId: stops.stopId,
      stopName: stops.stopName,
      parent: stops.parentStation,
      type: stops.locationType,
    })
    .from(stops)
    .where(
      and(
        eq(stops.versionId, current.versionId),
        isAnyOf(stops.parentStation, [...new Set(stationOf.values())]),
      ),
    )
    // Sorted here, not by the database's collation: the same order on every PostgreSQL.
    .then((rows) => rows.sort((a, b) => (a.stopId < b.stopId ? -1 : a.stopId > b.stopId ? 1 : 0)));
  // Labels: a station's platforms often share its name, the picker must tell them apart.
  const labels = await findCurrentLabels(deps);
  for (const [stopId, station] of stationOf) {
    result[stopId] = children
      .filter((c) => c.parent === station && (c.type ?? 0) === 0 && c.stopId !== stopId)
      .map((c) => ({ stopId: c.stopId, stopName: labels.stops.get(c.stopId) ?? c.stopName }));
  }
  return result;
}
