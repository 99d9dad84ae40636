import { stops, stopTimes, trips } from '@feeddesk/drizzle';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listCalendarRules } from './list-calendar-rules.ts';
import { tripNumber } from './store/feed-rows.ts';
import { activeServiceIds } from './time/active-services.ts';
import {
  addDays,
  localTimeToServiceSecs,
  secondsIntoServiceDay,
  serviceDateOf,
  serviceDayStartSecs,
} from './time/service-day.ts';
import { type TripState, tripState } from './time/trip-state.ts';

/** gtfs_stops joined twice: the trip's origin and its terminus. */
const firstStop = alias(stops, 'first_stop');
const lastStop = alias(stops, 'last_stop');
/** gtfs_trips again: the trips of the day's services, intersected with a stop's calls. */
const dayTrips = alias(trips, 'day_trips');

export type FindTripsOptions = {
  route?: string;
  /** A service_id; when absent, the services running today (and yesterday's runs still under way). */
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
  /** A service date `YYYYMMDD`: the trips running that date (with `service`, that service's if it runs), judged against now. */
  date?: string;
};

/** One trip as GET /db/get_trips gives it. */
export type TripListItem = { trip_id: string; endTerminus: string; inprogress: TripState };
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
 * Trips of the current schedule, in progress first, then yet to start, then finished, each by
 * start time. Without `service`, the trips of the services active today, plus those runs of
 * yesterday's services that pass 24:00 and have not finished yet (a train at 24:35 of Tuesday's
 * service still shows at 00:20 on Wednesday, as yet to start; at 00:40 it is gone). Such a run is
 * listed instead of the same trip's run of today. With `service`, that service's trips, judged
 * as today's runs.
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
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  if (options.number !== undefined && !/^\d+$/.test(options.number)) return [];
  const tz = current.timezone;
  const today = serviceDateOf(deps.now(), tz);
  const yesterday = addDays(today, -1);
  const day = options.date ?? today;
  const nowSecs = judgedSecs(deps.now(), options.after, day, tz);
  const yesterdayNowSecs = nowSecs + serviceDayStartSecs(today, tz) - serviceDayStartSecs(yesterday, tz);

  const runs = options.date
    ? await servicesOfDate(deps, current.versionId, options.date, options.service)
    : options.service
      ? { today: new Set([options.service]), yesterday: new Set<string>() }
      : await activeServices(deps, current.versionId, today, yesterday);
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
        eq(trips.versionId, current.versionId),
        inArray(trips.serviceId, serviceIds),
        options.route ? eq(trips.routeId, options.route) : undefined,
        options.direction === undefined ? undefined : eq(trips.directionId, options.direction),
        options.number ? like(trips.tripNumber, `${tripNumber(`-${options.number}`)}%`) : undefined,
        options.stop
          ? inArray(trips.tripId, tripsCallingAt(deps, current.versionId, options.stop, serviceIds))
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
    const shift = yesterdayNowSecs - nowSecs;
    if (runs.yesterday.has(row.serviceId) && end >= yesterdayNowSecs) {
      const inprogress = tripState({ startSecs: start, endSecs: end, nowSecs: yesterdayNowSecs });
      listed.push({ trip_id: row.tripId, endTerminus, inprogress, sortSecs: start - shift, ...details });
    } else if (runs.today.has(row.serviceId)) {
      const inprogress = tripState({ startSecs: start, endSecs: end, nowSecs });
      listed.push({ trip_id: row.tripId, endTerminus, inprogress, sortSecs: start, ...details });
    }
  }
  listed.sort(
    (a, b) => a.inprogress - b.inprogress || a.sortSecs - b.sortSecs || (a.trip_id < b.trip_id ? -1 : 1),
  );
  if (options.details) {
    return listed.map(({ trip_id, endTerminus, inprogress, departureSecs, origin, trainNumber }) => ({
      trip_id,
      endTerminus,
      inprogress,
      departureSecs,
      origin,
      trainNumber,
    }));
  }
  return listed.map(({ trip_id, endTerminus, inprogress }) => ({ trip_id, endTerminus, inprogress }));
}

function judgedSecs(now: Date, after: string | undefined, today: string, tz: string): number {
  if (after === undefined || after === '') return secondsIntoServiceDay(now, today, tz);
  const secs = localTimeToServiceSecs(after, today, tz);
  if (secs === undefined) {
    throw new AppError('bad_request', {
      message: `"after" must be a local time HH:MM:SS such as 08:30:00, not "${after}".`,
    });
  }
  return secs;
}

type ActiveServices = { today: Set<string>; yesterday: Set<string> };

/** A chosen service date: its services only (no runs of the day before), narrowed to `service` when given. */
async function servicesOfDate(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  date: string,
  service: string | undefined,
): Promise<ActiveServices> {
  const { today } = await activeServices(deps, versionId, date, addDays(date, -1));
  const ids = service ? [...today].filter((s) => s === service) : [...today];
  return { today: new Set(ids), yesterday: new Set() };
}

/**
 * The services of a version on two dates only change with the version or the date, so they are
 * remembered per database handle (a few entries): get_trips is called on every keystroke.
 */
const activeServicesMemo = new WeakMap<object, Map<string, Promise<ActiveServices>>>();

function activeServices(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  today: string,
  yesterday: string,
): Promise<ActiveServices> {
  let memo = activeServicesMemo.get(deps.db);
  if (!memo) {
    memo = new Map();
    activeServicesMemo.set(deps.db, memo);
  }
  const key = `${versionId}:${yesterday}:${today}`;
  let found = memo.get(key);
  if (!found) {
    if (memo.size > 8) memo.clear();
    found = listCalendarRules(deps, { versionId, dates: [yesterday, today] }).then((rules) => ({
      today: new Set(activeServiceIds(today, rules.calendars, rules.calendarDates)),
      yesterday: new Set(activeServiceIds(yesterday, rules.calendars, rules.calendarDates)),
    }));
    found.catch(() => memo.delete(key));
    memo.set(key, found);
  }
  return found;
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
    .where(and(eq(dayTrips.versionId, versionId), inArray(dayTrips.serviceId, serviceIds)))
    .intersect(
      deps.db
        .select({ tripId: stopTimes.tripId })
        .from(stopTimes)
        .where(
          and(
            eq(stopTimes.versionId, versionId),
            inArray(stopTimes.stopId, stopAndPlatforms(deps, versionId, stopId)),
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
