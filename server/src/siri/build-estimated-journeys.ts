import type { FeedEntityJson } from '@feeddesk/proto';
import type { ScheduledStopTime, ScheduledTrip } from '../feed/rules/context.ts';
import { parseGtfsTime } from '../schedule/time/gtfs-time.ts';
import { serviceDayStartSecs } from '../schedule/time/service-day.ts';
import { el, many, opt, type SiriNode, siriRef, ZoneClock } from './siri-node.ts';

type TripUpdateJson = NonNullable<FeedEntityJson['tripUpdate']>;
type StuJson = NonNullable<TripUpdateJson['stopTimeUpdate']>[number];
type EventJson = { delay?: number; time?: number } | undefined;

/** A delay this far from the aimed time, or more, is `delayed` (`early`); closer is `onTime`. */
const ON_TIME_SECS = 60;
const ADDED = new Set(['NEW', 'ADDED', 'DUPLICATED']);
const CANCELLED = new Set(['CANCELED', 'DELETED']);

/** The current schedule's trips the feed names, and where each one's current run starts. */
export type SiriTrips = {
  timezone: string;
  trip(tripId: string): ScheduledTrip | undefined;
  /** POSIX seconds of the service day start of the trip's current run (a trip update without start_date). */
  serviceDayStart?(tripId: string): number | undefined;
};

export type EstimatedInput = {
  /** The trip update feed's entities as served (protobuf-JSON). */
  rows: readonly unknown[];
  /** The current schedule's trips (null: none loaded). */
  view: SiriTrips | null;
  clock: ZoneClock;
};

/**
 * One EstimatedVehicleJourney per trip update (docs/rest-api.md "SIRI"): the train by line,
 * direction and FramedVehicleJourneyRef (its service date, its trip id); Cancellation for a
 * cancelled train, ExtraJourney for a NEW, ADDED or DUPLICATED one; an EstimatedCall per stop of
 * its run with the aimed times of the schedule and the expected ones of the update, read as a
 * GTFS-Realtime consumer reads them: a stop time update's delay holds for the stops after it until
 * the next one, a time is absolute; times are instants in the agency's zone, so 24:20 of a
 * service day is 00:20 of the next calendar day. A skipped stop is a cancelled call; a stop
 * without boarding or alighting (pickup_type, drop_off_type NONE) says so; an assigned platform is
 * the call's expected quay.
 */
export function buildEstimatedJourneys(input: EstimatedInput): SiriNode[] {
  return input.rows.flatMap((row) => estimatedJourney(row as FeedEntityJson, input) ?? []);
}

type Call = {
  stopId: string;
  aimedArrival?: number;
  aimedDeparture?: number;
  stu?: StuJson;
};

function estimatedJourney(row: FeedEntityJson, input: EstimatedInput): SiriNode | undefined {
  const tu = row.tripUpdate;
  if (!tu) return undefined;
  const trip = tu.trip ?? {};
  const relationship = String(trip.scheduleRelationship ?? 'SCHEDULED');
  const properties = tu.tripProperties ?? {};
  const duplicated = relationship === 'DUPLICATED';
  const tripId = (duplicated ? properties.tripId : undefined) || trip.tripId || row.id || '';
  const scheduled = trip.tripId ? input.view?.trip(trip.tripId) : undefined;
  // A REPLACEMENT or NEW train runs its own journey: the schedule's stop times are not its run.
  const run = relationship === 'REPLACEMENT' || relationship === 'NEW' ? undefined : scheduled;
  let shift = 0;
  let date = (duplicated ? properties.startDate : undefined) || trip.startDate || undefined;
  if (duplicated && run && properties.startTime) {
    const start = parseGtfsTime(properties.startTime);
    const first = run.stopTimes[0];
    const firstSecs = first?.departureSecs ?? first?.arrivalSecs;
    if (start !== null && firstSecs != null) shift = start - firstSecs;
  }
  const zone = input.view?.timezone ?? input.clock.zone;
  let dayStart: number | undefined;
  if (date && /^\d{8}$/.test(date)) dayStart = serviceDayStartSecs(date, zone);
  else if (trip.tripId && input.view?.serviceDayStart) {
    dayStart = input.view.serviceDayStart(trip.tripId);
    if (dayStart !== undefined) date = input.clock.date(dayStart + 12 * 3600);
  }
  const calls = callsOf(run?.stopTimes, tu.stopTimeUpdate ?? [], dayStart, shift);
  const cancelled = CANCELLED.has(relationship);
  const line = trip.routeId || scheduled?.routeId;
  const direction = trip.directionId ?? scheduled?.directionId;
  let delay: number | undefined = tu.delay;
  const estimated = calls.map((call, i) => {
    const node = estimatedCall(call, i, cancelled, delay, input.clock);
    delay = node.delay;
    return node.node;
  });
  return many('EstimatedVehicleJourney', [
    opt('RecordedAtTime', tu.timestamp ? input.clock.iso(tu.timestamp) : undefined),
    el('LineRef', siriRef(line ?? '')),
    el('DirectionRef', direction === undefined ? 'unknown' : String(direction)),
    date
      ? el('FramedVehicleJourneyRef', [
          el('DataFrameRef', /^\d{8}$/.test(date) ? ZoneClock.frame(date) : siriRef(date)),
          el('DatedVehicleJourneyRef', siriRef(tripId)),
        ])
      : el('DatedVehicleJourneyRef', siriRef(tripId)),
    cancelled ? el('Cancellation', true) : ADDED.has(relationship) ? el('ExtraJourney', true) : undefined,
    opt('VehicleRef', tu.vehicle?.id ? siriRef(tu.vehicle.id) : undefined),
    estimated.length ? el('EstimatedCalls', estimated) : undefined,
    run ? el('IsCompleteStopSequence', true) : undefined,
  ]);
}

/**
 * The calls of the run: the scheduled stops with the update's stop time update matched by
 * stop_sequence (else by stop_id), or, without a scheduled run, the update's own stops.
 */
function callsOf(
  stopTimes: readonly ScheduledStopTime[] | undefined,
  updates: readonly StuJson[],
  dayStart: number | undefined,
  shift: number,
): Call[] {
  const at = (secs: number | null | undefined) =>
    secs === null || secs === undefined || dayStart === undefined ? undefined : dayStart + secs + shift;
  if (!stopTimes) {
    return updates.map((stu) => ({
      stopId: stu.stopId ?? String(stu.stopSequence ?? ''),
      aimedArrival: aimedOf(stu.arrival),
      aimedDeparture: aimedOf(stu.departure),
      stu,
    }));
  }
  const bySequence = new Map<number, StuJson>();
  const byStop = new Map<string, StuJson>();
  for (const stu of updates) {
    if (stu.stopSequence !== undefined) bySequence.set(stu.stopSequence, stu);
    else if (stu.stopId) byStop.set(stu.stopId, stu);
  }
  return stopTimes.map((st) => ({
    stopId: st.stopId,
    aimedArrival: at(st.arrivalSecs ?? st.departureSecs),
    aimedDeparture: at(st.departureSecs ?? st.arrivalSecs),
    stu: bySequence.get(st.stopSequence) ?? byStop.get(st.stopId),
  }));
}

/** A new train's own times are its plan: the time given less its delay. */
function aimedOf(event: EventJson): number | undefined {
  if (!event?.time) return undefined;
  return event.time - (event.delay ?? 0);
}

function estimatedCall(
  call: Call,
  index: number,
  tripCancelled: boolean,
  carried: number | undefined,
  clock: ZoneClock,
): { node: SiriNode; delay: number | undefined } {
  const stu = call.stu;
  const relationship = String(stu?.scheduleRelationship ?? 'SCHEDULED');
  const skipped = relationship === 'SKIPPED';
  const cancelled = tripCancelled || skipped;
  let arrivalDelay = carried;
  let departureDelay = carried;
  if (relationship === 'NO_DATA') arrivalDelay = departureDelay = undefined;
  else if (stu && !skipped) {
    arrivalDelay = delayOf(stu.arrival, call.aimedArrival) ?? carried;
    departureDelay = delayOf(stu.departure, call.aimedDeparture) ?? arrivalDelay;
    if (!stu.arrival && stu.departure) arrivalDelay = departureDelay;
  }
  const expected = (aimed: number | undefined, delay: number | undefined) =>
    cancelled || aimed === undefined || delay === undefined ? undefined : aimed + delay;
  const status = (delay: number | undefined) => {
    if (cancelled) return 'cancelled';
    if (delay === undefined) return undefined;
    if (delay >= ON_TIME_SECS) return 'delayed';
    if (delay <= -ON_TIME_SECS) return 'early';
    return 'onTime';
  };
  const properties = stu?.stopTimeProperties ?? {};
  const platform = properties.assignedStopId;
  const assignment = (name: string) =>
    platform
      ? many(name, [el('AimedQuayRef', siriRef(call.stopId)), el('ExpectedQuayRef', siriRef(platform))])
      : undefined;
  const expectedArrival = expected(call.aimedArrival, arrivalDelay);
  const expectedDeparture = expected(call.aimedDeparture, departureDelay);
  const node = many('EstimatedCall', [
    el('StopPointRef', siriRef(call.stopId)),
    el('Order', index + 1),
    cancelled ? el('Cancellation', true) : undefined,
    opt('AimedArrivalTime', call.aimedArrival === undefined ? undefined : clock.iso(call.aimedArrival)),
    opt('ExpectedArrivalTime', expectedArrival === undefined ? undefined : clock.iso(expectedArrival)),
    opt('ArrivalStatus', status(arrivalDelay)),
    opt('ArrivalBoardingActivity', properties.dropOffType === 'NONE' ? 'noAlighting' : undefined),
    assignment('ArrivalStopAssignment'),
    opt('AimedDepartureTime', call.aimedDeparture === undefined ? undefined : clock.iso(call.aimedDeparture)),
    opt('ExpectedDepartureTime', expectedDeparture === undefined ? undefined : clock.iso(expectedDeparture)),
    opt('DepartureStatus', status(departureDelay)),
    opt('DepartureBoardingActivity', properties.pickupType === 'NONE' ? 'noBoarding' : undefined),
    assignment('DepartureStopAssignment'),
  ]);
  // A skipped stop's times say nothing of the next stop's: the delay carried stays.
  return { node, delay: skipped ? carried : (departureDelay ?? arrivalDelay) };
}

/** The delay a stop time event says: its time against the aimed one, else its delay. */
function delayOf(event: EventJson, aimed: number | undefined): number | undefined {
  if (!event) return undefined;
  if (event.time && aimed !== undefined) return event.time - aimed;
  return event.delay ?? (event.time && aimed === undefined ? 0 : undefined);
}
