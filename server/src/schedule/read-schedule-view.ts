import {
  agencies,
  calendarDates,
  calendars,
  type Database,
  routes,
  stops,
  stopTimes,
  trips,
} from '@feeddesk/drizzle';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import type { LatLon, ScheduledTrip, ScheduleView } from '../feed/rules/context.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { batchesOf, isAnyOf } from './statement-batches.ts';
import { activeServiceIds, type CalendarException, type CalendarRule } from './time/active-services.ts';
import { currentRunDate } from './time/current-run.ts';
import { isServiceDate, serviceDayStartSecs } from './time/service-day.ts';
import { versionLookups } from './version-lookups.ts';

// The feed rules define the view they check against; this reader fills it from the database.
export type { ScheduleView };

export type ReadScheduleViewOptions = {
  tripIds: string[];
  routeIds: string[];
  stopIds: string[];
  agencyIds: string[];
  /** Also the stops' coordinates (asked and called at by the trips) and runsOn: vehicle position rules. */
  locations?: boolean;
};

/**
 * Preloads just the ids asked (a few queries, none for ids asked before of the same version: see
 * VersionLookups); null when no schedule is loaded.
 */
export async function readScheduleView(
  deps: ViewDeps,
  options: ReadScheduleViewOptions,
): Promise<ScheduleView | null> {
  const current = await findCurrentSchedule(deps);
  if (!current) return null;
  const { versionId, timezone } = current;
  const lookups = lookupsOf(deps, versionId);
  const tripMap = await tripsOf(deps, versionId, options.tripIds);
  const serviceIds = [...new Set([...tripMap.values()].map((t) => t.serviceId))];
  // A stop time update may name its stop by stop_sequence only: its station is the trip's stop's.
  const stopIdsOfTrips = new Set<string>();
  if (options.stopIds.length)
    for (const trip of tripMap.values()) for (const call of trip.stopTimes) stopIdsOfTrips.add(call.stopId);
  const locatedStops = options.locations
    ? [...options.stopIds, ...[...tripMap.values()].flatMap((t) => t.stopTimes.map((st) => st.stopId))]
    : [];
  const [routeIds, stations, agencyIds, services, locations] = await Promise.all([
    lookups.lookUp('route', options.routeIds, (ids) =>
      existing(deps, routes, routes.routeId, versionId, ids),
    ),
    lookups.lookUp('station', [...options.stopIds, ...stopIdsOfTrips], (ids) =>
      readStations(deps, versionId, ids),
    ),
    lookups.lookUp('agency', options.agencyIds, (ids) =>
      existing(deps, agencies, agencies.agencyId, versionId, ids),
    ),
    lookups.lookUp('service', serviceIds, (ids) => readServices(deps, versionId, ids)),
    lookups.lookUp('location', locatedStops, (ids) => readStopLocations(deps, versionId, ids)),
  ]);
  const calendar = {
    calendars: [...services.values()].flatMap((s) => s.calendars),
    calendarDates: [...services.values()].flatMap((s) => s.calendarDates),
  };
  const runsOn = (tripId: string, date: string) => {
    const trip = tripMap.get(tripId);
    return (
      !!trip && activeServiceIds(date, calendar.calendars, calendar.calendarDates).includes(trip.serviceId)
    );
  };
  return {
    ...(options.locations ? { runsOn, stopLocation: (id: string) => locations.get(id) } : {}),
    timezone,
    trip: (tripId) => tripMap.get(tripId),
    hasRoute: (id) => routeIds.has(id),
    hasStop: (id) => stations.has(id),
    stationOf: (id) => stations.get(id),
    hasAgency: (id) => agencyIds.has(id),
    serviceDayStart(tripId, startDate) {
      const trip = tripMap.get(tripId);
      if (!trip) return undefined;
      if (startDate !== undefined)
        return isServiceDate(startDate) ? serviceDayStartSecs(startDate, timezone) : undefined;
      const last = trip.stopTimes.at(-1);
      const date = currentRunDate({
        now: deps.now(),
        tz: timezone,
        endSecs: last?.arrivalSecs ?? last?.departureSecs ?? null,
        runsOn: (d) =>
          activeServiceIds(d, calendar.calendars, calendar.calendarDates).includes(trip.serviceId),
      });
      return serviceDayStartSecs(date, timezone);
    },
  };
}

/** Where schedule rows are read: `database` (when given) keys the per-version lookups. */
export type ScheduleReadDeps = Pick<Deps, 'db'> & { database?: Pick<Database, 'db'> };
type ViewDeps = ScheduleReadDeps & Pick<Deps, 'now'>;

/**
 * A version's rows never change, whoever reads them: a save, which runs in a transaction of its
 * own, shares the rows read before by the process (keyed by the database, not the handle).
 */
const lookupsOf = (deps: ScheduleReadDeps, versionId: number) =>
  versionLookups(deps.database?.db ?? deps.db, versionId);

const tripsOf = (deps: ScheduleReadDeps, versionId: number, tripIds: readonly string[]) =>
  lookupsOf(deps, versionId).lookUp('trip', tripIds, (ids) => readTrips(deps, versionId, ids));

/**
 * The trips of the current schedule among `tripIds` (the others are not in it), each with its
 * stop times in sequence order; read once per version and shared, so read-only.
 */
export async function readScheduledTrips(
  deps: ScheduleReadDeps,
  tripIds: string[],
): Promise<Map<string, ScheduledTrip>> {
  const current = await findCurrentSchedule(deps);
  return current ? tripsOf(deps, current.versionId, tripIds) : new Map();
}

async function readTrips(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  tripIds: string[],
): Promise<Map<string, ScheduledTrip>> {
  const map = new Map<string, ScheduledTrip>();
  // A batch of trips at a time, each batch's trips and stop times read side by side and put
  // together before the next (a disruption's 5 000 trips: no stretch of thousands of rows).
  for (const batch of batchesOf(tripIds)) {
    const [tripRows, stopTimeRows] = await Promise.all([
      deps.db
        .select({
          tripId: trips.tripId,
          routeId: trips.routeId,
          serviceId: trips.serviceId,
          directionId: trips.directionId,
          tripShortName: trips.tripShortName,
          tripNumber: trips.tripNumber,
        })
        .from(trips)
        .where(and(eq(trips.versionId, versionId), isAnyOf(trips.tripId, batch))),
      deps.db
        .select({
          tripId: stopTimes.tripId,
          stopSequence: stopTimes.stopSequence,
          stopId: stopTimes.stopId,
          arrivalSecs: stopTimes.arrivalSecs,
          departureSecs: stopTimes.departureSecs,
        })
        .from(stopTimes)
        .where(and(eq(stopTimes.versionId, versionId), isAnyOf(stopTimes.tripId, batch)))
        .orderBy(asc(stopTimes.tripId), asc(stopTimes.stopSequence)),
    ]);
    const read: ScheduledTrip[] = [];
    for (const t of tripRows) {
      const trip: ScheduledTrip = {
        tripId: t.tripId,
        routeId: t.routeId,
        serviceId: t.serviceId,
        ...(t.directionId === null ? {} : { directionId: t.directionId }),
        ...(t.tripNumber || t.tripShortName ? { trainNumber: (t.tripNumber || t.tripShortName)! } : {}),
        stopTimes: [],
      };
      map.set(t.tripId, trip);
      read.push(trip);
    }
    for (const { tripId, ...stopTime } of stopTimeRows) map.get(tripId)?.stopTimes.push(stopTime);
    // Shared by every save that asks for the trip while its version is current: read-only.
    for (const trip of read) {
      for (const stopTime of trip.stopTimes) Object.freeze(stopTime);
      Object.freeze(trip.stopTimes);
      Object.freeze(trip);
    }
  }
  return map;
}

/** Stop id → its station (parent_station, else itself) for the stops of the list that exist. */
async function readStations(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  stopIds: string[],
): Promise<Map<string, string>> {
  if (stopIds.length === 0) return new Map();
  const rows = await deps.db
    .select({ stopId: stops.stopId, parentStation: stops.parentStation })
    .from(stops)
    .where(and(eq(stops.versionId, versionId), isAnyOf(stops.stopId, stopIds)));
  return new Map(rows.map((r) => [r.stopId, r.parentStation || r.stopId]));
}

async function readStopLocations(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  stopIds: string[],
): Promise<Map<string, LatLon>> {
  const map = new Map<string, LatLon>();
  if (stopIds.length === 0) return map;
  const rows = await deps.db
    .select({ stopId: stops.stopId, lat: stops.stopLat, lon: stops.stopLon })
    .from(stops)
    .where(and(eq(stops.versionId, versionId), isAnyOf(stops.stopId, stopIds)));
  for (const { stopId, lat, lon } of rows) if (lat !== null && lon !== null) map.set(stopId, { lat, lon });
  return map;
}

async function existing(
  deps: Pick<Deps, 'db'>,
  table: typeof routes | typeof agencies,
  column: AnyPgColumn,
  versionId: number,
  ids: string[],
): Promise<Map<string, true>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: column })
    .from(table)
    .where(and(eq(table.versionId, versionId), isAnyOf(column, ids)));
  return new Map(rows.map((r) => [String(r.id), true]));
}

type ServiceCalendar = { calendars: CalendarRule[]; calendarDates: CalendarException[] };

/** Every asked service with its calendar rules and exceptions (both may be empty). */
async function readServices(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  serviceIds: string[],
): Promise<Map<string, ServiceCalendar>> {
  const { calendars, calendarDates } = await readCalendar(deps, versionId, serviceIds);
  const services = new Map<string, ServiceCalendar>(
    serviceIds.map((id) => [id, { calendars: [], calendarDates: [] }]),
  );
  for (const rule of calendars) services.get(rule.serviceId)?.calendars.push(rule);
  for (const exception of calendarDates) services.get(exception.serviceId)?.calendarDates.push(exception);
  return services;
}

/** The calendar rules and exceptions of the given services of a version. */
export async function readCalendar(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  serviceIds: string[],
): Promise<{ calendars: CalendarRule[]; calendarDates: CalendarException[] }> {
  if (serviceIds.length === 0) return { calendars: [], calendarDates: [] };
  const [rules, exceptions] = await Promise.all([
    deps.db
      .select({
        serviceId: calendars.serviceId,
        weekdays: calendars.weekdays,
        startDate: calendars.startDate,
        endDate: calendars.endDate,
      })
      .from(calendars)
      .where(and(eq(calendars.versionId, versionId), isAnyOf(calendars.serviceId, serviceIds))),
    deps.db
      .select({
        serviceId: calendarDates.serviceId,
        date: calendarDates.date,
        exceptionType: calendarDates.exceptionType,
      })
      .from(calendarDates)
      .where(and(eq(calendarDates.versionId, versionId), isAnyOf(calendarDates.serviceId, serviceIds))),
  ]);
  return { calendars: rules, calendarDates: exceptions };
}
