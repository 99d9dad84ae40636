import { stops, stopTimes, trips } from '@feeddesk/drizzle';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findOperatingDay, previousRunUnderWay } from './find-operating-day.ts';
import { inSubquery, isAnyOf } from './statement-batches.ts';
import { tripNumber } from './store/feed-rows.ts';
import { localTimeToServiceSecs } from './time/service-day.ts';
import { type TripState, tripState } from './time/trip-state.ts';

/** gtfs_stops joined twice: the trip's origin and its terminus. */
const firstStop = alias(stops, 'first_stop');
const lastStop = alias(stops, 'last_stop');
/** gtfs_trips again: the trips of the day's services, intersected with a stop's calls. */
const dayTrips = alias(trips, 'day_trips');

export type FindTripsOptions = {
  route?: string;
  /**
   * A service_id: that service's trips of the date (without `date`, judged as today's runs). The
   * runs of yesterday still under way are listed whatever the service (the operating day).
   */
  service?: string;
  /** Train number: matches trip ids ending in `-<number>` plus optional digits, leading zeros ignored. */
  number?: string;
  /** `HH:MM:SS` local time of today's service day to judge `inprogress` at; default now. */
  after?: string;
  /** A stop_id: only trips that call there, or at a platform of it when it is a station (the trip editor's search by stop). */
  stop?: string;
  /** Also each trip's first departure and origin stop (the web app's search results; REST keeps its shape). */
  details?: boolean;
  /** A direction_id (given by the schedule or derived at load): the trip search's "towards …". */
  direction?: number;
  /**
   * A service date `YYYYMMDD`: the trips running that date (with `service`, that service's if it
   * runs), judged against now; today's date also lists yesterday's runs still under way.
   */
  date?: string;
};

/** One trip as GET /db/get_trips gives it: `start_date` is the service date of the run listed. */
export type TripListItem = {
  trip_id: string;
  start_date: string;
  endTerminus: string;
  inprogress: TripState;
};
/**
 * With `details`: GTFS seconds of the first departure (may pass 24:00), the first stop's name and
 * the train number (the number in the trip id, else trip_short_name; null without one).
 */
export type TripDetailsItem = TripListItem & {
  departureSecs: number | null;
  origin: string;
  trainNumber: string | null;
};

/**
 * Trips of the current schedule's operating day (./find-operating-day.ts), in progress first, then
 * yet to start, then finished, each by start time: the trips of the services active on the date
 * (today by default), plus, on today's, those runs of yesterday's services that pass 24:00 and
 * have not finished yet (a train at 24:35 of Tuesday's service still shows at 00:20 on Wednesday,
 * dated Tuesday; at 00:40 it is gone). Such a run is listed instead of the same trip's run of
 * today. With `service` and no date, that service's trips, judged as today's runs.
 */
export async function findTrips(
  deps: Pick<Deps, 'db' | 'now'>,
  options: FindTripsOptions & { details: true },
): Promise<TripDetailsItem[]>;
export async function findTrips(
  deps: Pick<Deps, 'db' | 'now'>,
  options?: FindTripsOptions,
): Promise<TripListItem[]>;
export async function findTrips(
  deps: Pick<Deps, 'db' | 'now'>,
  options: FindTripsOptions = {},
): Promise<TripListItem[] | TripDetailsItem[]> {
  if (options.number !== undefined && !/^\d+$/.test(options.number)) return [];
  const day = await findOperatingDay(deps, { date: options.date });
  if (!day) return [];
  const nowSecs = judgedSecs(day.nowSecs, options.after, day.date, day.timezone);
  const yesterdayNowSecs = nowSecs - day.previous.shiftSecs;
  const runs = {
    today: options.service
      ? new Set(!options.date || day.services.has(options.service) ? [options.service] : [])
      : day.services,
    yesterday: day.isToday ? day.previous.services : new Set<string>(),
  };
  const serviceIds = [...new Set([...runs.today, ...runs.yesterday])];
  if (serviceIds.length === 0) return [];

  // One query on gtfs_trips: first and last stop are on the trip row since import (migration 0009
  // filled older versions), so listing trips never reads stop_times except to filter by a stop.
  const rows = await deps.db
    .select({
      tripId: trips.tripId,
      serviceId: trips.serviceId,
      startSecs: trips.startSecs,
      endSecs: trips.endSecs,
      headsign: trips.tripHeadsign,
      trainNumber: sql<string | null>`coalesce(${trips.tripNumber}, ${trips.tripShortName})`,
      firstStopName: firstStop.stopName,
      lastStopName: lastStop.stopName,
    })
    .from(trips)
    .leftJoin(
      firstStop,
      and(eq(firstStop.versionId, trips.versionId), eq(firstStop.stopId, trips.firstStopId)),
    )
    .leftJoin(lastStop, and(eq(lastStop.versionId, trips.versionId), eq(lastStop.stopId, trips.lastStopId)))
    .where(
      and(
        eq(trips.versionId, day.versionId),
        isAnyOf(trips.serviceId, serviceIds),
        options.route ? eq(trips.routeId, options.route) : undefined,
        options.direction === undefined ? undefined : eq(trips.directionId, options.direction),
        options.number ? like(trips.tripNumber, `${tripNumber(`-${options.number}`)}%`) : undefined,
        options.stop
          ? inSubquery(trips.tripId, tripsCallingAt(deps, day.versionId, options.stop, serviceIds))
          : undefined,
      ),
    );

  const listed: (TripDetailsItem & { sortSecs: number })[] = [];
  for (const row of rows) {
    const start = row.startSecs ?? Number.POSITIVE_INFINITY;
    const end = row.endSecs ?? Number.POSITIVE_INFINITY;
    const endTerminus = row.lastStopName ?? row.headsign ?? '';
    const details = {
      departureSecs: row.startSecs,
      origin: row.firstStopName ?? '',
      trainNumber: row.trainNumber,
    };
    if (runs.yesterday.has(row.serviceId) && previousRunUnderWay(day, row.endSecs, nowSecs)) {
      const inprogress = tripState({ startSecs: start, endSecs: end, nowSecs: yesterdayNowSecs });
      const sortSecs = start + day.previous.shiftSecs;
      const start_date = day.previous.date;
      listed.push({ trip_id: row.tripId, start_date, endTerminus, inprogress, sortSecs, ...details });
    } else if (runs.today.has(row.serviceId)) {
      const inprogress = tripState({ startSecs: start, endSecs: end, nowSecs });
      listed.push({
        trip_id: row.tripId,
        start_date: day.date,
        endTerminus,
        inprogress,
        sortSecs: start,
        ...details,
      });
    }
  }
  listed.sort(
    (a, b) => a.inprogress - b.inprogress || a.sortSecs - b.sortSecs || (a.trip_id < b.trip_id ? -1 : 1),
  );
  if (options.details) {
    return listed.map(
      ({ trip_id, start_date, endTerminus, inprogress, departureSecs, origin, trainNumber }) => ({
        trip_id,
        start_date,
        endTerminus,
        inprogress,
        departureSecs,
        origin,
        trainNumber,
      }),
    );
  }
  return listed.map(({ trip_id, start_date, endTerminus, inprogress }) => ({
    trip_id,
    start_date,
    endTerminus,
    inprogress,
  }));
}

function judgedSecs(nowSecs: number, after: string | undefined, today: string, tz: string): number {
  if (after === undefined || after === '') return nowSecs;
  const secs = localTimeToServiceSecs(after, today, tz);
  if (secs === undefined) {
    throw new AppError('bad_request', {
      message: `"after" must be a local time HH:MM:SS such as 08:30:00, not "${after}".`,
    });
  }
  return secs;
}

/**
 * The trips of these services that call at the stop (or a platform of it), as the intersection of
 * two index-only scans: the services' trip ids (gtfs_trips_service_idx) and the stop's calls
 * (gtfs_stop_times_stop_trip_idx). A busy station's calls belong mostly to trips of other days
 * (Renfe's Madrid Atocha: 27 782 calls, 912 of them on a Monday): probing the trips table once per
 * call took 90–150 ms at five times Renfe, where both scans take a few milliseconds whatever the
 * planner guesses for the stop.
 */
function tripsCallingAt(deps: Pick<Deps, 'db'>, versionId: number, stopId: string, serviceIds: string[]) {
  return deps.db
    .select({ tripId: dayTrips.tripId })
    .from(dayTrips)
    .where(and(eq(dayTrips.versionId, versionId), isAnyOf(dayTrips.serviceId, serviceIds)))
    .intersect(
      deps.db
        .select({ tripId: stopTimes.tripId })
        .from(stopTimes)
        .where(
          and(
            eq(stopTimes.versionId, versionId),
            inSubquery(stopTimes.stopId, stopAndPlatforms(deps, versionId, stopId)),
          ),
        ),
    );
}

/**
 * The stop and the stops whose parent_station it is: trains call at a station's platforms, never
 * at the station ("Palo Alto" found no trips, its trains stop at 70171 and 70172).
 */
function stopAndPlatforms(deps: Pick<Deps, 'db'>, versionId: number, stopId: string) {
  return deps.db
    .select({ stopId: stops.stopId })
    .from(stops)
    .where(
      and(eq(stops.versionId, versionId), or(eq(stops.stopId, stopId), eq(stops.parentStation, stopId))),
    );
}
