import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { stopTimes, trips } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { and, eq, or } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { listCalendarRules } from '../schedule/list-calendar-rules.ts';
import { readCalendar } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { activeServiceIds } from '../schedule/time/active-services.ts';
import { serviceDateOf, serviceDayStartSecs } from '../schedule/time/service-day.ts';
import type { ConsistencySchedule, ConsistencyTrip, StopCall } from './context.ts';
import { toLiveAlert } from './live-entities.ts';
import { serviceDatesOf } from './time.ts';

const NO_SERVICE = 1;
const tripColumns = {
  tripId: trips.tripId,
  routeId: trips.routeId,
  serviceId: trips.serviceId,
  directionId: trips.directionId,
  lastStopId: trips.lastStopId,
  startSecs: trips.startSecs,
  endSecs: trips.endSecs,
  tripShortName: trips.tripShortName,
  tripNumber: trips.tripNumber,
};

/**
 * The current schedule as far as these entities need it, in a handful of queries: the trips they
 * name, every trip of the routes they name or cancel trains of (for headways), the calls at stops
 * NO_SERVICE alerts close, and the calendars of those trips. null when no schedule is loaded.
 * `linkedTripIds` (the trips alerts were published for) bring their routes' trips too: an alert's
 * text is checked for trains of the route it was not published for.
 */
export async function loadConsistencySchedule(
  deps: Pick<Deps, 'db' | 'now'>,
  entities: FeedEntity[],
  linkedTripIds: string[] = [],
  options: LoadConsistencyOptions = {},
): Promise<ConsistencySchedule | null> {
  const current = await findCurrentSchedule(deps);
  if (!current) return null;
  const { versionId, timezone } = current;
  const refs = referencesOf(entities);
  for (const tripId of linkedTripIds) {
    refs.tripIds.add(tripId);
    refs.cancelledTripIds.add(tripId);
  }
  const byId = new Map<string, ConsistencyTrip>();
  const add = (rows: ConsistencyTrip[]) => {
    for (const row of rows) byId.set(row.tripId, row);
  };
  add(await selectTrips(deps, versionId, 'tripId', [...refs.tripIds]));
  const today = serviceDateOf(deps.now(), timezone);
  const tripRouteIds = new Set<string>();
  for (const tripId of refs.cancelledTripIds) {
    const routeId = byId.get(tripId)?.routeId;
    if (routeId) tripRouteIds.add(routeId);
  }
  let ofRoute: ConsistencyTrip[];
  if (options.linkDates && !options.routeTripDates) {
    // The live feed: the routes of cancelled and linked trips are read for the dates those
    // updates and links are about (the rules reading them look at no other), a route named by an
    // alert whole (its periods' dates are the alert's; a route running on none of them is told
    // apart from an unknown one). Every trip of the routes of a national feed's 633 cancelled
    // trains, a route a query, took 3.3 s of each GET /feed/consistency at five times Renfe.
    for (const routeId of refs.routeIds) tripRouteIds.delete(routeId);
    const dates = [...options.linkDates, ...refs.tripDates, today];
    const services = tripRouteIds.size > 0 ? await servicesRunning(deps, versionId, dates) : undefined;
    ofRoute = [
      ...(await selectTrips(deps, versionId, 'routeId', [...refs.routeIds])),
      ...(await selectTrips(deps, versionId, 'routeId', [...tripRouteIds], services)),
    ];
  } else {
    for (const routeId of tripRouteIds) refs.routeIds.add(routeId);
    // The services of those dates are read only when there are routes to read: most saves have none.
    const numbers = options.routeTripNumbers;
    if (numbers?.length === 0) refs.routeIds.clear();
    const routeServices =
      options.routeTripDates && refs.routeIds.size > 0
        ? await servicesRunning(deps, versionId, [...options.routeTripDates, today])
        : undefined;
    ofRoute = await selectTrips(deps, versionId, 'routeId', [...refs.routeIds], routeServices, numbers);
  }
  add(ofRoute);
  // A closed stop's calls on the closing alerts' dates only (stop_closed_but_served looks at no
  // other): a big station's calls on every day of a national schedule are tens of thousands.
  const closedServices =
    refs.closedStopIds.size > 0
      ? await servicesRunning(deps, versionId, closedStopDates(entities, today, timezone))
      : [];
  const calls = await selectCalls(deps, versionId, [...refs.closedStopIds], closedServices);
  const missing = [...new Set(calls.map((c) => c.tripId))].filter((id) => !byId.has(id));
  add(await selectTrips(deps, versionId, 'tripId', missing));
  const serviceIds = [...new Set([...byId.values()].map((t) => t.serviceId))];
  const calendar = await readCalendar(deps, versionId, serviceIds);

  const routeTrips = groupBy(ofRoute, (t) => t.routeId);
  const stopCalls = groupBy(calls, (c) => c.stopId);
  const active = new Map<string, Set<string>>();
  const dayStarts = new Map<string, number>();
  return {
    timezone,
    trip: (tripId) => byId.get(tripId),
    tripsOfRoute: (routeId) => routeTrips.get(routeId) ?? [],
    callsAt: (stopId) => stopCalls.get(stopId) ?? [],
    runsOn(serviceId, date) {
      let services = active.get(date);
      if (!services) {
        services = new Set(activeServiceIds(date, calendar.calendars, calendar.calendarDates));
        active.set(date, services);
      }
      return services.has(serviceId);
    },
    dayStart(date) {
      let start = dayStarts.get(date);
      if (start === undefined) {
        start = serviceDayStartSecs(date, timezone);
        dayStarts.set(date, start);
      }
      return start;
    },
  };
}

function referencesOf(entities: FeedEntity[]) {
  const tripIds = new Set<string>();
  const cancelledTripIds = new Set<string>();
  const routeIds = new Set<string>();
  const closedStopIds = new Set<string>();
  /** The service dates trip updates name (one without names today's run). */
  const tripDates = new Set<string>();
  for (const entity of entities) {
    const trip = entity.tripUpdate?.trip;
    if (trip?.startDate) tripDates.add(trip.startDate);
    if (trip?.tripId) {
      tripIds.add(trip.tripId);
      if (Number(trip.scheduleRelationship ?? 0) !== 0) cancelledTripIds.add(trip.tripId);
    }
    const alert = entity.alert;
    for (const sel of alert?.informedEntity ?? []) {
      if (sel.trip?.tripId) tripIds.add(sel.trip.tripId);
      if (sel.routeId && !sel.stopId && !sel.trip?.tripId) routeIds.add(sel.routeId);
      if (sel.stopId && Number(alert?.effect ?? 0) === NO_SERVICE) closedStopIds.add(sel.stopId);
    }
  }
  return { tripIds, cancelledTripIds, routeIds, closedStopIds, tripDates };
}

/** The service dates the NO_SERVICE alerts closing stops can touch (serviceDatesOf each). */
function closedStopDates(entities: FeedEntity[], today: string, timezone: string): string[] {
  const dates = new Set<string>();
  for (const entity of entities) {
    const alert = toLiveAlert(entity);
    if (alert?.effect !== 'NO_SERVICE' || !alert.informed.some((sel) => sel.stopId)) continue;
    for (const date of serviceDatesOf(alert, today, timezone)) dates.add(date);
  }
  return [...dates];
}

export type LoadConsistencyOptions = {
  /**
   * The only service dates the routes' trips are looked at for (besides today's): the routes'
   * trips of services running on none of them are not read. The feed invariants read the routes
   * of every trip a disruption's alert was published for, for its text alone, on the disruption's
   * date: every trip of those routes on every day was most of a 5 000-trip preview at five times
   * Renfe (693 580 trips read a route at a time).
   */
  routeTripDates?: string[];
  /**
   * The only train numbers the routes' trips are read for: the numbers standing in the linked
   * alerts' texts, all the text check looks for (none: no route is read). Reading every trip of a
   * 5 000-trip disruption's routes on its day held the event loop ~70 ms in each invariant check.
   */
  routeTripNumbers?: string[];
  /**
   * The live feed's links' service dates (its disruptions' trips): with them, the routes of
   * cancelled and linked trips are read for these dates, the trip updates' and today's only.
   */
  linkDates?: string[];
};

/** The services running on any of these dates. */
async function servicesRunning(deps: Pick<Deps, 'db'>, versionId: number, dates: string[]) {
  const unique = [...new Set(dates)];
  const rules = await listCalendarRules(deps, { versionId, dates: unique });
  return [...new Set(unique.flatMap((d) => activeServiceIds(d, rules.calendars, rules.calendarDates)))];
}

async function selectTrips(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  by: 'tripId' | 'routeId',
  ids: string[],
  services?: string[],
  numbers?: string[],
): Promise<ConsistencyTrip[]> {
  // A route-wide alert on a large schedule names routes of thousands of trips each: read and map
  // them a route (or a thousand trips) at a time, letting the feeds' polls in between. In one
  // query, mapping Renfe's routes of a planned-works alert held the event loop 0.7 s. A route's
  // trips of a few days only are a few dozen: fifty routes a query.
  const group = by === 'routeId' ? (services ? 50 : 1) : 1000;
  const found: ConsistencyTrip[] = [];
  if (services?.length === 0) return found;
  for (let at = 0; at < ids.length; at += group) {
    if (at > 0) await yieldToLoop();
    const rows = await deps.db
      .select(tripColumns)
      .from(trips)
      .where(
        and(
          eq(trips.versionId, versionId),
          isAnyOf(trips[by], ids.slice(at, at + group)),
          services ? isAnyOf(trips.serviceId, services) : undefined,
          // A train's number is its short name, else its number, else its id (ConsistencyTrip).
          numbers
            ? or(
                isAnyOf(trips.tripShortName, numbers),
                isAnyOf(trips.tripNumber, numbers),
                isAnyOf(trips.tripId, numbers),
              )
            : undefined,
        ),
      );
    for (const { tripShortName, tripNumber, ...trip } of rows)
      found.push({ ...trip, trainNumber: tripShortName || tripNumber || trip.tripId });
  }
  return found;
}

/** The calls at these stops of the trips of these services. */
async function selectCalls(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  stopIds: string[],
  services: string[],
): Promise<StopCall[]> {
  if (stopIds.length === 0 || services.length === 0) return [];
  const rows = await deps.db
    .select({
      tripId: stopTimes.tripId,
      stopId: stopTimes.stopId,
      arrivalSecs: stopTimes.arrivalSecs,
      departureSecs: stopTimes.departureSecs,
    })
    .from(stopTimes)
    .innerJoin(trips, and(eq(trips.versionId, versionId), eq(trips.tripId, stopTimes.tripId)))
    .where(
      and(
        eq(stopTimes.versionId, versionId),
        isAnyOf(stopTimes.stopId, stopIds),
        isAnyOf(trips.serviceId, services),
      ),
    );
  return rows.flatMap((r) => {
    const secs = r.departureSecs ?? r.arrivalSecs;
    return secs === null ? [] : [{ tripId: r.tripId, stopId: r.stopId, secs }];
  });
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
