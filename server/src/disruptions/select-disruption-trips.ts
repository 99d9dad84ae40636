import { stops, stopTimes, trips } from '@feeddesk/drizzle';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { letPollsIn } from '../feed/let-polls-in.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { findOperatingDay, type OperatingDay, previousRunUnderWay } from '../schedule/find-operating-day.ts';
import { findCurrentLabels } from '../schedule/load-schedule-labels.ts';
import { labelOf } from '../schedule/route-labels.ts';
import { isAnyOf, readInBatches } from '../schedule/statement-batches.ts';
import {
  addDays,
  isServiceDate,
  localTimeToServiceSecs,
  serviceDateOf,
  serviceDayStartSecs,
} from '../schedule/time/service-day.ts';
import type { DisruptionSelect } from './disruption-input.ts';

/** The trip's last stop, and its station (whose name a controller knows the train by). */
const lastStop = alias(stops, 'last_stop');
const lastStation = alias(stops, 'last_station');

export type SelectDisruptionTripsOptions = { serviceDate?: string; select: DisruptionSelect };

/** One selected run: a trip on a service date, with its first and last times (local HH:MM). */
export type SelectedTrip = {
  tripId: string;
  startDate: string;
  routeId: string;
  routeName: string;
  directionId: number | null;
  /** True when the schedule gave no direction_id and the load derived it. */
  directionDerived: boolean;
  trainNumber: string;
  /** Where the train goes: its last stop's station name ("107 → San Francisco"). */
  terminus: string;
  /** GTFS seconds of the service day: departure from the first stop, arrival at the last. */
  startSecs: number;
  endSecs: number;
  firstTime: string;
  lastTime: string;
};

export type DisruptionSelection = {
  serviceDate: string;
  timezone: string;
  stopName: string | null;
  trips: SelectedTrip[];
};

/**
 * The runs of a service date's operating day (../schedule/find-operating-day.ts) that match every
 * given field; the window [from, to) applies to the departure from the first stop, or from
 * `select.stopId` (then only trips calling there). Ordered by that departure. The day before's
 * runs passing 24:00 count in the date's hours: a window (00:10–02:10) takes those leaving in it,
 * and without a window today's selection takes those still under way now (a train named by number
 * at 00:10 is the one running, not tonight's run of the same trip). Each run keeps its own
 * service date (`startDate`).
 */
export async function selectDisruptionTrips(
  deps: Pick<Deps, 'db' | 'now'>,
  options: SelectDisruptionTripsOptions,
): Promise<DisruptionSelection> {
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('no_schedule', {
      message: 'Load a schedule first: no trips can be selected without one.',
    });
  const tz = current.timezone;
  const serviceDate = options.serviceDate || serviceDateOf(deps.now(), tz);
  if (!isServiceDate(serviceDate))
    throw new AppError('validation_failed', {
      message: `serviceDate must be a date YYYYMMDD, not "${serviceDate}".`,
    });
  const { select } = options;
  const window = windowSecs(select, serviceDate, tz);
  const day = await findOperatingDay(deps, { date: serviceDate });
  if (!day) return { serviceDate, timezone: tz, stopName: null, trips: [] };
  const services = [...new Set([...day.services, ...day.previous.services])];
  if (services.length === 0 || select.tripIds?.length === 0)
    return { serviceDate, timezone: tz, stopName: null, trips: [] };

  const versionId = day.versionId;
  // Trips named one by one (thousands in a preview) are read a batch at a time.
  const read = (tripIds: string[] | undefined) =>
    deps.db
      .select({
        tripId: trips.tripId,
        serviceId: trips.serviceId,
        routeId: trips.routeId,
        directionId: trips.directionId,
        directionDerived: trips.directionDerived,
        terminus: sql<
          string | null
        >`coalesce(nullif(${lastStation.stopName}, ''), nullif(${lastStop.stopName}, ''), ${trips.lastStopId})`,
        shortName: trips.tripShortName,
        number: trips.tripNumber,
        startSecs: trips.startSecs,
        endSecs: trips.endSecs,
        stopDeparture: stopTimes.departureSecs,
        stopArrival: stopTimes.arrivalSecs,
      })
      .from(trips)
      .leftJoin(lastStop, and(eq(lastStop.versionId, trips.versionId), eq(lastStop.stopId, trips.lastStopId)))
      .leftJoin(
        lastStation,
        and(eq(lastStation.versionId, lastStop.versionId), eq(lastStation.stopId, lastStop.parentStation)),
      )
      // Calls at select.stopId only; without one a constant false, which the planner skips (a
      // `stop_id = null` condition made it scan 1.87 M stop_times: 3.4 s on the Renfe schedule).
      .leftJoin(
        stopTimes,
        select.stopId
          ? and(
              eq(stopTimes.versionId, trips.versionId),
              eq(stopTimes.tripId, trips.tripId),
              eq(stopTimes.stopId, select.stopId),
            )
          : sql`false`,
      )
      .where(
        and(
          eq(trips.versionId, versionId),
          isAnyOf(trips.serviceId, services),
          select.routeId ? eq(trips.routeId, select.routeId) : undefined,
          select.directionId === undefined ? undefined : eq(trips.directionId, select.directionId),
          // A controller names trains by number (Metro-North's trip ids are 246131224613644+2285822+0).
          tripIds
            ? or(isAnyOf(trips.tripId, tripIds), isAnyOf(trips.tripNumber, trainNumbers(tripIds)))
            : undefined,
          select.stopId ? isNotNull(stopTimes.stopId) : undefined,
        ),
      );
  const rows = select.tripIds ? await readInBatches(select.tripIds, read) : await read(undefined);

  const labels = await findCurrentLabels(deps);
  const clocks = {
    [serviceDate]: localClock(serviceDate, tz),
    [day.previous.date]: localClock(day.previous.date, tz),
  };
  const windowGiven = Boolean(select.from || select.to);
  const selected = new Map<string, SelectedTrip & { at: number }>();
  for (const [i, r] of rows.entries()) {
    await letPollsIn(i);
    const start = r.startSecs ?? 0;
    const end = r.endSecs ?? start;
    const ownAt = select.stopId ? (r.stopDeparture ?? r.stopArrival ?? start) : start;
    for (const run of runsOf(day, r.serviceId, r.endSecs, windowGiven)) {
      const at = ownAt + run.shiftSecs;
      if (at < window.from || at >= window.to) continue;
      const key = `${r.tripId}\u0000${run.date}`;
      const previous = selected.get(key);
      if (previous && previous.at <= at) continue; // a trip calling twice: its first call in the window
      const clock = clocks[run.date]!;
      selected.set(key, {
        tripId: r.tripId,
        startDate: run.date,
        routeId: r.routeId,
        routeName: labelOf(labels.routes, r.routeId),
        directionId: r.directionId,
        directionDerived: r.directionDerived,
        trainNumber: r.shortName || r.number || r.tripId,
        terminus: r.terminus ?? '',
        startSecs: start,
        endSecs: end,
        firstTime: clock(start),
        lastTime: clock(end),
        at,
      });
    }
  }
  // A train named while its run of the night is under way is that run, not tonight's of the same trip.
  if (select.tripIds && !windowGiven)
    for (const trip of selected.values())
      if (trip.startDate === day.previous.date) selected.delete(`${trip.tripId}\u0000${serviceDate}`);
  const list = [...selected.values()].sort((a, b) => a.at - b.at || (a.tripId < b.tripId ? -1 : 1));
  return {
    serviceDate,
    timezone: tz,
    stopName: select.stopId ? (labels.stops.get(select.stopId) ?? null) : null,
    trips: list.map(({ at: _at, ...trip }) => trip),
  };
}

/**
 * The runs of a trip's row on the operating day: the date's own, and the day before's when its
 * service ran then and either a window will judge it in the date's hours or it is still under way.
 */
function runsOf(
  day: OperatingDay,
  serviceId: string,
  endSecs: number | null,
  windowGiven: boolean,
): { date: string; shiftSecs: number }[] {
  const runs: { date: string; shiftSecs: number }[] = [];
  if (
    day.previous.services.has(serviceId) &&
    (windowGiven
      ? endSecs !== null && endSecs + day.previous.shiftSecs >= 0
      : previousRunUnderWay(day, endSecs))
  )
    runs.push({ date: day.previous.date, shiftSecs: day.previous.shiftSecs });
  if (day.services.has(serviceId)) runs.push({ date: day.date, shiftSecs: 0 });
  return runs;
}

/**
 * GTFS seconds of the date → local `HH:MM`, with one Intl formatter: luxon's per-call formatting
 * cost 0.4 ms a time, 3.9 s for the 4 400 trips of a Renfe morning.
 */
function localClock(date: string, tz: string): (secs: number) => string {
  const dayStart = serviceDayStartSecs(date, tz);
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  // Trains of a morning share their minutes: each is formatted once (10 000 calls for a
  // 5 000-trip preview held the event loop ~40 ms).
  const minutes = new Map<number, string>();
  return (secs) => {
    const minute = Math.floor(secs / 60);
    let text = minutes.get(minute);
    if (text === undefined) {
      text = format.format(new Date((dayStart + minute * 60) * 1000));
      minutes.set(minute, text);
    }
    return text;
  };
}

/** [from, to) as GTFS seconds of the service date; open ends when not given. */
function windowSecs(select: DisruptionSelect, date: string, tz: string): { from: number; to: number } {
  const from = select.from ? serviceSecs(select.from, date, tz, 'from') : Number.NEGATIVE_INFINITY;
  let to = select.to ? serviceSecs(select.to, date, tz, 'to') : Number.POSITIVE_INFINITY;
  // 23:00 → 01:00 means one o'clock of the night after: the window crosses midnight.
  if (to <= from) to += serviceDayStartSecs(addDays(date, 1), tz) - serviceDayStartSecs(date, tz);
  return { from, to };
}

function serviceSecs(time: string, date: string, tz: string, field: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[1]);
  const secs =
    match && hours >= 24
      ? localTimeToServiceSecs(`${hours - 24}:${match[2]}`, addDays(date, 1), tz)
      : localTimeToServiceSecs(time, date, tz);
  if (secs === undefined || hours > 47)
    throw new AppError('validation_failed', {
      message: `select.${field} must be a local time HH:MM such as 06:30, not "${time}".`,
    });
  if (hours < 24) return secs;
  return secs + serviceDayStartSecs(addDays(date, 1), tz) - serviceDayStartSecs(date, tz);
}

/** The entries of `tripIds` that are train numbers, as the schedule keeps them (no leading zeros). */
function trainNumbers(tripIds: string[]): string[] {
  return tripIds.filter((id) => /^\d+$/.test(id.trim())).map((id) => id.trim().replace(/^0+(?=\d)/, ''));
}
