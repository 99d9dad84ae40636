/**
 * Planned works in the schedule itself (docs/contract-notes.md "Planned works in the schedule"):
 * one transformation of a parsed GTFS feed, run by the upload pipeline before validation, so a
 * schedule with planned works is validated, reported, diffed and rolled back as any upload is.
 * Pure: it changes the feed in memory and says, per planned work, what it did.
 */
import type { DisruptionAction } from '../../disruptions/disruption-input.ts';
import {
  DEFAULT_MARGIN_MINUTES,
  isBusRouteType,
  planReplacementBus,
  type TimedCall,
} from '../../disruptions/plan-replacement-bus.ts';
import { type GtfsFeed, type GtfsTable, PackedRows, packedRows, packedRowsView } from '../../gtfs/index.ts';
import { formatGtfsTime, parseGtfsTime } from '../time/gtfs-time.ts';

/** The actions a schedule can hold; the others are published on the day as realtime. */
export const PLANNABLE_ACTIONS = ['cancel', 'delete', 'replace_by_bus', 'short_turn'] as const;

/** A disruption's action as planned works take it (the realtime side names its own actions). */
export type PlannedAction = Omit<DisruptionAction, 'type'> & { type: (typeof PLANNABLE_ACTIONS)[number] };

/** One planned work as the schedule needs it: the trips chosen when it was planned, and what they do on that date. */
export type PlannedWork = {
  id: string;
  /** YYYYMMDD. */
  serviceDate: string;
  action: PlannedAction;
  tripIds: string[];
  /** How the upload log names it ("Track works (20261205)"). */
  label: string;
};

export type PlannedWorkOutcome = {
  id: string;
  /** False when none of its trips runs that date in this schedule: the version does not hold it. */
  kept: boolean;
  /** Trips that do not run on that date as planned (removed, or replaced by their parts and a bus). */
  changed: number;
  /** Trip ids it named that this schedule lacks. */
  missing: string[];
  /** Trips added for that date (the train's parts outside a bus section, the buses, a short-turned copy). */
  added: string[];
  /** For the upload log. */
  sentence: string;
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A short, stable piece of the planned work's id for the ids it makes (`<service>-pw-1a2b3c4d`). */
export const shortId = (id: string) => id.replace(/-/g, '').slice(0, 8);

/**
 * Applies the planned works in order. For a work on date D: each selected trip's service gets a
 * copy that does not run on D (same calendar.txt row and calendar_dates.txt rows plus a removal
 * of D), and the trip moves to it; the service's other trips are unchanged. What replaces a
 * train on D (its parts outside a bus section, the bus, a short-turned copy) are ordinary trips
 * of a service running only on D. A trip that does not run on D is left alone.
 */
export function applyPlannedWorks(feed: GtfsFeed, works: PlannedWork[]): PlannedWorkOutcome[] {
  if (works.length === 0) return [];
  const schedule = new EditableSchedule(feed, new Set(works.flatMap((w) => w.tripIds)));
  const outcomes = works.map((work) => applyOne(schedule, work));
  schedule.finish();
  return outcomes;
}

function applyOne(s: EditableSchedule, work: PlannedWork): PlannedWorkOutcome {
  const { action, serviceDate: date } = work;
  const short = shortId(work.id);
  const missing: string[] = [];
  const added: string[] = [];
  let changed = 0;
  let notRunning = 0;
  const refuse = (why: string): PlannedWorkOutcome => ({
    id: work.id,
    kept: false,
    changed: 0,
    missing,
    added,
    sentence: `Planned works dropped: ${work.label}: ${why}.`,
  });
  if (action.type === 'replace_by_bus' && action.routeId) {
    const type = s.routeType(action.routeId);
    if (type === undefined) return refuse(`the buses' route ${action.routeId} is not in routes.txt`);
    // A bus is never published as a train (docs/contract-notes.md "Planned works in the schedule").
    if (!isBusRouteType(type))
      return refuse(`the buses' route ${action.routeId} is not a bus route (route_type ${type ?? 'empty'})`);
  }
  for (const tripId of work.tripIds) {
    const trip = s.trip(tripId);
    if (!trip) {
      missing.push(tripId);
      continue;
    }
    if (!s.runsOn(trip.serviceId, date)) {
      notRunning++;
      continue;
    }
    const calls = s.callsOf(tripId);
    if (action.type === 'replace_by_bus') {
      const plan = planReplacementBus(timed(calls), {
        fromStopId: action.fromStopId ?? '',
        toStopId: action.toStopId ?? '',
        marginMinutes: action.marginMinutes ?? DEFAULT_MARGIN_MINUTES,
        busMinutes: action.busMinutes,
      });
      if (!plan) continue;
      if (!plan.wholeTrip) {
        const first = calls.findIndex(
          (c) => c.stopSequence === Math.min(plan.entry.stopSequence, plan.exit.stopSequence),
        );
        const last = calls.findIndex(
          (c) => c.stopSequence === Math.max(plan.entry.stopSequence, plan.exit.stopSequence),
        );
        // The train still runs outside the section: up to it (no stop time beyond), and from it on,
        // held as long as riders from the bus need. Never through it.
        for (const [part, slice, hold] of [
          ['a', calls.slice(0, first + 1), 0],
          ['b', calls.slice(last), plan.holdSecs],
        ] as const)
          if (slice.length >= 2)
            added.push(s.addCopy(trip, `${tripId}-pw-${short}-${part}`, slice, work, hold));
      }
      const busRoute = action.routeId || s.replacementRoute(trip);
      added.push(s.addBus(trip, `${tripId}-pw-${short}-bus`, busRoute, plan.bus, work));
    } else if (action.type === 'short_turn') {
      const at = calls.findIndex((c) => c.stopId === action.stopId);
      if (at < 0) continue;
      const slice = action.at === 'start' ? calls.slice(at) : calls.slice(0, at + 1);
      if (slice.length === calls.length) continue;
      if (slice.length >= 2) added.push(s.addCopy(trip, `${tripId}-pw-${short}-st`, slice, work));
    }
    s.removeOn(trip, date, short);
    changed++;
  }
  if (changed === 0)
    return refuse(
      missing.length === work.tripIds.length
        ? `none of its trips is in this schedule (${listed(missing)})`
        : `none of its trips runs on ${date} as planned in this schedule${notRunning ? ` (${notRunning} no longer run that day)` : ''}`,
    );
  const gone = missing.length
    ? `; ${missing.length} of its trips are no longer in the schedule (${listed(missing)})`
    : '';
  return {
    id: work.id,
    kept: true,
    changed,
    missing,
    added,
    sentence: `Planned works kept: ${work.label}: ${changed} trips do not run on ${date} as timetabled${added.length ? `, ${added.length} trips added for that day` : ''}${gone}.`,
  };
}

const listed = (ids: string[]) => (ids.length > 5 ? `${ids.slice(0, 5).join(', ')} …` : ids.join(', '));

type Call = { row: string[]; stopSequence: number; stopId: string; arrival: string; departure: string };
type Trip = { tripId: string; serviceId: string; row: string[] };

function timed(calls: Call[]): TimedCall[] {
  return calls.map((c) => ({
    stopSequence: c.stopSequence,
    stopId: c.stopId,
    arrivalSecs: parseGtfsTime(c.arrival),
    departureSecs: parseGtfsTime(c.departure),
  }));
}

/** The feed's tables with the indexes the transformation needs, kept up to date as it adds rows. */
class EditableSchedule {
  private readonly trips: GtfsTable;
  private readonly stopTimes: GtfsTable;
  private readonly calendar: GtfsTable | undefined;
  private readonly calendarDates: GtfsTable;
  private readonly tripRows = new Map<string, string[]>();
  private readonly callsByTrip = new Map<string, Call[]>();
  private readonly calendarOf = new Map<string, string[]>();
  private readonly exceptionsOf = new Map<string, Map<string, string>>();
  /** `<service> <work>` → the service's copy without that work's date. */
  private readonly withoutDay = new Map<string, string>();
  private readonly dayOnly = new Set<string>();
  private readonly routes: GtfsTable | undefined;
  /** route_id → route_type (null when empty). */
  private readonly routeTypes = new Map<string, number | null>();
  private readonly stopNames = new Map<string, string>();

  constructor(feed: GtfsFeed, wanted: Set<string>) {
    this.trips = feed.get('trips.txt') ?? {
      name: 'trips.txt',
      header: ['route_id', 'service_id', 'trip_id'],
      rows: [],
    };
    this.stopTimes = feed.get('stop_times.txt') ?? {
      name: 'stop_times.txt',
      header: ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'],
      rows: [],
    };
    this.calendar = feed.get('calendar.txt');
    // Rows changed in place need plain arrays (a large table is read packed and read-only).
    for (const table of [this.trips, this.calendar])
      if (table && packedRows(table.rows)) table.rows = [...table.rows];
    let dates = feed.get('calendar_dates.txt');
    if (!dates) {
      dates = { name: 'calendar_dates.txt', header: ['service_id', 'date', 'exception_type'], rows: [] };
      feed.set('calendar_dates.txt', dates);
    }
    if (packedRows(dates.rows)) dates.rows = [...dates.rows];
    this.calendarDates = dates;
    const tripId = col(this.trips, 'trip_id');
    for (const row of this.trips.rows) this.tripRows.set(row[tripId]!, row);
    const [stId, seq, stop, arr, dep] = [
      'trip_id',
      'stop_sequence',
      'stop_id',
      'arrival_time',
      'departure_time',
    ].map((f) => col(this.stopTimes, f)) as [number, number, number, number, number];
    for (const row of this.stopTimes.rows) {
      const id = row[stId]!;
      if (!wanted.has(id)) continue;
      const calls = this.callsByTrip.get(id) ?? [];
      calls.push({
        row,
        stopSequence: Number(row[seq]),
        stopId: row[stop]!,
        arrival: row[arr] ?? '',
        departure: row[dep] ?? '',
      });
      this.callsByTrip.set(id, calls);
    }
    for (const calls of this.callsByTrip.values()) calls.sort((a, b) => a.stopSequence - b.stopSequence);
    if (this.calendar) {
      const sid = col(this.calendar, 'service_id');
      for (const row of this.calendar.rows) this.calendarOf.set(row[sid]!, row);
    }
    const [dSid, dDate, dType] = ['service_id', 'date', 'exception_type'].map((f) =>
      col(this.calendarDates, f),
    ) as [number, number, number];
    for (const row of this.calendarDates.rows) this.exception(row[dSid]!).set(row[dDate]!, row[dType]!);
    const routes = feed.get('routes.txt');
    if (routes && packedRows(routes.rows)) routes.rows = [...routes.rows];
    this.routes = routes;
    if (routes) {
      const type = routes.header.indexOf('route_type');
      for (const r of routes.rows) {
        const value = type >= 0 ? (r[type] ?? '') : '';
        this.routeTypes.set(r[col(routes, 'route_id')]!, value === '' ? null : Number(value));
      }
    }
    const stops = feed.get('stops.txt');
    if (stops)
      for (const r of stops.rows)
        this.stopNames.set(r[col(stops, 'stop_id')]!, r[col(stops, 'stop_name')] ?? '');
  }

  /** The calls added, written to stop_times.txt once (a packed table is packed again with them). */
  private readonly addedCalls: string[][] = [];

  finish(): void {
    if (this.addedCalls.length === 0) return;
    const packed = packedRows(this.stopTimes.rows);
    if (!packed) {
      this.stopTimes.rows.push(...this.addedCalls);
      return;
    }
    const repacked = new PackedRows(packed.width);
    for (let r = 0; r < packed.length; r++) repacked.push(packed.row(r));
    for (const row of this.addedCalls) repacked.push(row);
    repacked.seal();
    this.stopTimes.rows = packedRowsView(repacked);
  }

  /** The route's route_type (null when empty), undefined when routes.txt lacks it. */
  routeType(routeId: string): number | null | undefined {
    return this.routeTypes.get(routeId);
  }

  /**
   * The replacement-bus route of the train's route, added to routes.txt the first time it is
   * needed: route_type 3, the rail route's agency, named after it ("Local replacement bus").
   */
  replacementRoute(trip: Trip): string {
    const railRoute = trip.row[col(this.trips, 'route_id')]!;
    const id = `${railRoute}-replacement-bus`;
    if (this.routeTypes.has(id) || !this.routes) return id;
    const routes = this.routes;
    const rail = routes.rows.find((r) => r[col(routes, 'route_id')] === railRoute);
    const get = (f: string) => {
      const i = routes.header.indexOf(f);
      return i >= 0 && rail ? (rail[i] ?? '') : '';
    };
    const name = get('route_long_name') || get('route_short_name') || railRoute;
    const row = new Array<string>(routes.header.length).fill('');
    row[col(routes, 'route_id')] = id;
    for (const [f, v] of [
      ['agency_id', get('agency_id')],
      ['route_long_name', `${name} replacement bus`],
      ['route_type', '3'],
    ] as const)
      if (routes.header.includes(f)) row[routes.header.indexOf(f)] = v;
    // route_short_name or route_long_name must be given; a header without route_long_name gets the name there.
    if (!routes.header.includes('route_long_name') && routes.header.includes('route_short_name'))
      row[routes.header.indexOf('route_short_name')] = `${name} replacement bus`;
    routes.rows.push(row);
    this.routeTypes.set(id, 3);
    return id;
  }

  trip(tripId: string): Trip | null {
    const row = this.tripRows.get(tripId);
    return row ? { tripId, serviceId: row[col(this.trips, 'service_id')]!, row } : null;
  }

  callsOf(tripId: string): Call[] {
    return this.callsByTrip.get(tripId) ?? [];
  }

  /** GTFS: an exception of that date wins; else the calendar.txt row's weekday within its range. */
  runsOn(serviceId: string, date: string): boolean {
    const exception = this.exceptionsOf.get(serviceId)?.get(date);
    if (exception === '1') return true;
    if (exception === '2') return false;
    const row = this.calendarOf.get(serviceId);
    if (!row || !this.calendar) return false;
    const c = (f: string) => row[col(this.calendar!, f)] ?? '';
    if (date < c('start_date') || date > c('end_date')) return false;
    return c(WEEKDAYS[weekday(date)]!) === '1';
  }

  /** The trip's service becomes a copy of it that does not run on `date` (shared by the work's trips of that service). */
  removeOn(trip: Trip, date: string, short: string): void {
    const key = `${trip.serviceId} ${short}`;
    let copy = this.withoutDay.get(key);
    if (!copy) {
      copy = `${trip.serviceId}-pw-${short}`;
      const row = this.calendarOf.get(trip.serviceId);
      if (row && this.calendar) {
        const copied = [...row];
        copied[col(this.calendar, 'service_id')] = copy;
        this.calendar.rows.push(copied);
        this.calendarOf.set(copy, copied);
      }
      for (const [d, type] of this.exceptionsOf.get(trip.serviceId) ?? [])
        if (d !== date) this.addException(copy, d, type);
      this.addException(copy, date, '2');
      this.withoutDay.set(key, copy);
    }
    trip.row[col(this.trips, 'service_id')] = copy;
    trip.serviceId = copy;
  }

  /** A copy of the train running only on the work's date, calling at `calls` (their rows as timetabled, `holdSecs` later). */
  addCopy(trip: Trip, newId: string, calls: Call[], work: PlannedWork, holdSecs = 0): string {
    const row = this.copyTrip(trip, newId, work);
    const last = calls.at(-1)!;
    setIf(this.trips, row, 'trip_headsign', this.stopNames.get(last.stopId) ?? '');
    const tid = col(this.stopTimes, 'trip_id');
    const [arr, dep] = [col(this.stopTimes, 'arrival_time'), col(this.stopTimes, 'departure_time')];
    const later = (time: string | undefined) => {
      const secs = time ? parseGtfsTime(time) : null;
      return secs === null ? (time ?? '') : formatGtfsTime(secs + holdSecs);
    };
    for (const [i, call] of calls.entries()) {
      const copied = [...call.row];
      copied[tid] = newId;
      if (holdSecs > 0) {
        copied[dep] = later(copied[dep]);
        // A held start waits at the stop: it is there when it leaves.
        copied[arr] = i === 0 ? copied[dep]! : later(copied[arr]);
      }
      this.addedCalls.push(copied);
    }
    return newId;
  }

  /** The bus: an ordinary trip of the work's date on its route, through the section's stops. */
  addBus(
    trip: Trip,
    newId: string,
    routeId: string,
    bus: { stopId: string; arrivalSecs: number; departureSecs: number }[],
    work: PlannedWork,
  ): string {
    const row = this.copyTrip(trip, newId, work);
    row[col(this.trips, 'route_id')] = routeId;
    setIf(this.trips, row, 'trip_headsign', this.stopNames.get(bus.at(-1)!.stopId) ?? '');
    setIf(this.trips, row, 'shape_id', '');
    setIf(this.trips, row, 'trip_short_name', '');
    for (const [i, call] of bus.entries()) {
      const r = new Array<string>(this.stopTimes.header.length).fill('');
      r[col(this.stopTimes, 'trip_id')] = newId;
      r[col(this.stopTimes, 'stop_id')] = call.stopId;
      r[col(this.stopTimes, 'stop_sequence')] = String(i + 1);
      r[col(this.stopTimes, 'arrival_time')] = formatGtfsTime(call.arrivalSecs);
      r[col(this.stopTimes, 'departure_time')] = formatGtfsTime(call.departureSecs);
      this.addedCalls.push(r);
    }
    return newId;
  }

  private copyTrip(trip: Trip, newId: string, work: PlannedWork): string[] {
    const service = `pw-${shortId(work.id)}-${work.serviceDate}`;
    if (!this.dayOnly.has(service)) {
      this.addException(service, work.serviceDate, '1');
      this.dayOnly.add(service);
    }
    const row = [...trip.row];
    row[col(this.trips, 'trip_id')] = newId;
    row[col(this.trips, 'service_id')] = service;
    // Not chained to the trains of the day: the block ran through the section.
    setIf(this.trips, row, 'block_id', '');
    this.trips.rows.push(row);
    this.tripRows.set(newId, row);
    return row;
  }

  private exception(serviceId: string): Map<string, string> {
    let map = this.exceptionsOf.get(serviceId);
    if (!map) {
      map = new Map();
      this.exceptionsOf.set(serviceId, map);
    }
    return map;
  }

  private addException(serviceId: string, date: string, type: string): void {
    const r = new Array<string>(this.calendarDates.header.length).fill('');
    r[col(this.calendarDates, 'service_id')] = serviceId;
    r[col(this.calendarDates, 'date')] = date;
    r[col(this.calendarDates, 'exception_type')] = type;
    this.calendarDates.rows.push(r);
    this.exception(serviceId).set(date, type);
  }
}

function col(table: GtfsTable, field: string): number {
  const i = table.header.indexOf(field);
  if (i < 0) throw new Error(`${table.name} has no ${field} column.`);
  return i;
}

function setIf(table: GtfsTable, row: string[], field: string, value: string) {
  const i = table.header.indexOf(field);
  if (i >= 0) row[i] = value;
}

/** 0 = Monday … 6 = Sunday, of a YYYYMMDD date. */
function weekday(date: string): number {
  const d = new Date(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8))),
  );
  return (d.getUTCDay() + 6) % 7;
}
