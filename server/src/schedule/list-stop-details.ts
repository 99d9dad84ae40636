import { stops } from '@feeddesk/drizzle';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { escapeLike, type FindStopsOptions } from './find-stops.ts';

/**
 * One stop as GET /db/get_stop_details gives it: stops.txt's fields, null when absent. GET
 * /db/get_stops keeps its documented [stop_id, stop_name] pairs, which have no room for more.
 */
export type StopDetails = {
  stop_id: string;
  stop_code: string | null;
  stop_name: string | null;
  stop_desc: string | null;
  stop_lat: number | null;
  stop_lon: number | null;
  zone_id: string | null;
  stop_url: string | null;
  location_type: number | null;
  parent_station: string | null;
  stop_timezone: string | null;
  wheelchair_boarding: number | null;
  level_id: string | null;
  platform_code: string | null;
};

/** The stops of the current schedule by stop_id, filtered by name as findStops does; empty when none is loaded. */
export async function listStopDetails(
  deps: Pick<Deps, 'db'>,
  options: FindStopsOptions = {},
): Promise<StopDetails[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const part = options.stopname ?? '';
  return deps.db
    .select({
      stop_id: stops.stopId,
      stop_code: stops.stopCode,
      stop_name: stops.stopName,
      stop_desc: stops.stopDesc,
      stop_lat: stops.stopLat,
      stop_lon: stops.stopLon,
      zone_id: stops.zoneId,
      stop_url: stops.stopUrl,
      location_type: stops.locationType,
      parent_station: stops.parentStation,
      stop_timezone: stops.stopTimezone,
      wheelchair_boarding: stops.wheelchairBoarding,
      level_id: stops.levelId,
      platform_code: stops.platformCode,
    })
    .from(stops)
    .where(
      and(
        eq(stops.versionId, current.versionId),
        part ? ilike(stops.stopName, `%${escapeLike(part)}%`) : undefined,
      ),
    )
    .orderBy(asc(stops.stopId));
}
