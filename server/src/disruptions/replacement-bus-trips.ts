import { feedEntities, routes, trips as scheduleTrips, stops } from '@feeddesk/drizzle';
import { and, eq, or } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { batchesOf, isAnyOf } from '../schedule/statement-batches.ts';
import { serviceDayStartSecs } from '../schedule/time/service-day.ts';
import type { DisruptionAction } from './disruption-input.ts';
import type { TripUpdateJson } from './merge-disruption-action.ts';
import { type BusConnection, isBusRouteType, type ReplacementBusPlan } from './plan-replacement-bus.ts';

/** What replace_by_bus adds: one NEW trip per train, and the bus's id beside the train it replaces. */
export type ReplacementTrip = { tripId: string; replacesTripId: string };
/** The NEW trip of a train's part after the section (when the train keeps a part before it too). */
export type ContinuingTrip = { tripId: string; continuesTripId: string };

/** A connection of the plan as the dry run shows it: local times of the service day, the stop's name. */
export type PlannedConnection = {
  tripId: string;
  /** Null on a dry run of planned works (their trip ids come with the works' id). */
  busTripId: string | null;
  stopId: string;
  stopName: string;
  kind: BusConnection['kind'];
  trainTime: string;
  busTime: string;
  minutes: number;
  heldMinutes: number;
};

export const MAX_MARGIN_MINUTES = 180;
export const MAX_BUS_MINUTES = 600;

/**
 * The part after of a train replaced by a bus is a NEW trip `<train>-after-<date>`: recorded with
 * the train it continues (as a bus is), and told apart from the buses by this.
 */
export const isContinuingTripId = (tripId: string, trainTripId: string) =>
  tripId.startsWith(`${trainTripId}-after-`);

/**
 * The action with the operator's first bus route (settings, `busRouteIds`) when it names none
 * (docs/contract-notes.md "Operator settings"); as given otherwise.
 */
export async function withOperatorBusRoute<A extends { type: string; routeId?: string }>(
  deps: Pick<Deps, 'db'>,
  action: A,
): Promise<A> {
  if (action.type !== 'replace_by_bus' || action.routeId) return action;
  const [first] = (await getOperatorSettings(deps)).busRouteIds;
  return first ? { ...action, routeId: first } : action;
}

/** The action's own fields, before anything is read: each refusal says what to fix. */
export function checkReplaceByBus(action: DisruptionAction): void {
  const missing = (['fromStopId', 'toStopId', 'routeId'] as const).filter((k) => !action[k]);
  if (missing.length > 0)
    throw new AppError('validation_failed', {
      message: `Give action.${missing.join(', action.')}: replace_by_bus needs the section's two ends (fromStopId, toStopId) and the bus route its buses run on (routeId, else the first of the operator's bus routes in the settings).`,
    });
  if (action.fromStopId === action.toStopId)
    throw new AppError('validation_failed', {
      message: `action.fromStopId and action.toStopId are both '${action.fromStopId}': name the two different stops the buses run between.`,
    });
  const margin = action.marginMinutes;
  if (margin !== undefined && !(Number.isInteger(margin) && margin >= 0 && margin <= MAX_MARGIN_MINUTES))
    throw new AppError('validation_failed', {
      message: `action.marginMinutes is ${JSON.stringify(margin)}: give a whole number of minutes from 0 to ${MAX_MARGIN_MINUTES}, the time riders have to change between train and bus.`,
    });
  const run = action.busMinutes;
  if (run !== undefined && !(Number.isInteger(run) && run >= 0 && run <= MAX_BUS_MINUTES))
    throw new AppError('validation_failed', {
      message: `action.busMinutes is ${JSON.stringify(run)}: give a whole number of minutes from 0 to ${MAX_BUS_MINUTES}, how long the bus takes over the section.`,
    });
}

/** The section's two stops and the bus route, as the current schedule names them; 400 when one is not in it. */
export async function readBusSection(
  deps: Pick<Deps, 'db'>,
  action: DisruptionAction,
): Promise<{ names: Map<string, string> }> {
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('bad_request', {
      message: 'No schedule is loaded: upload one before replacing trains by buses.',
    });
  const ends = [action.fromStopId ?? '', action.toStopId ?? ''];
  const [stopRows, routeRows] = await Promise.all([
    deps.db
      .select({ stopId: stops.stopId, name: stops.stopName })
      .from(stops)
      .where(and(eq(stops.versionId, current.versionId), isAnyOf(stops.stopId, ends))),
    deps.db
      .select({
        routeId: routes.routeId,
        routeType: routes.routeType,
        shortName: routes.routeShortName,
        longName: routes.routeLongName,
      })
      .from(routes)
      .where(and(eq(routes.versionId, current.versionId), eq(routes.routeId, action.routeId ?? ''))),
  ]);
  const names = new Map(stopRows.map((s) => [s.stopId, s.name ?? s.stopId]));
  const unknown = ends.filter((id) => !names.has(id));
  if (unknown.length > 0)
    throw new AppError('validation_failed', {
      message: `The schedule has no stop ${unknown.map((id) => `'${id}'`).join(' or ')}: pick the section's ends among its stops (action.fromStopId, action.toStopId).`,
    });
  if (routeRows.length === 0)
    throw new AppError('validation_failed', {
      message: `The schedule has no route '${action.routeId}': pick the bus route (route_type 3) the buses run on among its routes (action.routeId).`,
    });
  refuseRailRoute(routeRows[0]!);
  return { names };
}

/**
 * A replacement bus is never published as a train (docs/contract-notes.md "Dated trips and
 * disruptions"): riders' apps show a route's mode from its route_type.
 */
export function refuseRailRoute(route: {
  routeId: string;
  routeType: number | null;
  shortName?: string | null;
  longName?: string | null;
}): void {
  if (isBusRouteType(route.routeType)) return;
  const name = route.shortName || route.longName;
  throw new AppError('validation_failed', {
    message: `Route '${route.routeId}'${name ? ` (${name})` : ''} is not a bus route (its route_type is ${route.routeType ?? 'empty'}): replacement buses run on a bus route (route_type 3). Choose one in action.routeId, or plan the works ahead in the schedule (publishAs "schedule") without a route to have a replacement-bus route added.`,
  });
}

export type BusTripsOptions = {
  routeId: string;
  serviceDate: string;
  /** The agency's zone: the bus's times are POSIX seconds of its service day. */
  timezone: string;
  nowSecs: number;
  names: Map<string, string>;
  /** The trains replaced, each with its plan and its route (a part after runs on it). */
  trains: { tripId: string; startDate: string; routeId: string; plan: ReplacementBusPlan }[];
};

/**
 * One NEW trip update per train (docs/contract-notes.md "New and replacement trips"): a trip id the schedule and the
 * live feed do not have, on the bus route, through the section's stops as the plan times them,
 * signed with the stop where the bus ends (the exit of the section).
 */
export async function planBusTrips(
  deps: Pick<Deps, 'db'>,
  options: BusTripsOptions,
): Promise<{
  entities: TripUpdateJson[];
  replacementTrips: ReplacementTrip[];
  /** The parts after, each a NEW trip on the train's route, held for its bus. */
  continuing: TripUpdateJson[];
  continuingTrips: ContinuingTrip[];
  connections: PlannedConnection[];
}> {
  // A train keeping a part on both sides of the section: this trip update is the part before, the
  // part after is a trip of its own (an update cannot say "this run stops here and goes on there").
  const split = options.trains.filter((t) => t.plan.before.length > 0 && t.plan.after.length > 0);
  const wanted = [
    ...options.trains.map((t) => `${t.tripId}-bus-${t.startDate}`),
    ...split.map((t) => `${t.tripId}-after-${t.startDate}`),
  ];
  const free = await freeTripIds(deps, wanted);
  const ids = free.slice(0, options.trains.length);
  const afterIds = free.slice(options.trains.length);
  const entities: TripUpdateJson[] = [];
  const replacementTrips: ReplacementTrip[] = [];
  const continuing: TripUpdateJson[] = [];
  const continuingTrips: ContinuingTrip[] = [];
  const connections: PlannedConnection[] = [];
  for (const [n, train] of split.entries()) {
    const tripId = afterIds[n]!;
    const dayStart = serviceDayStartSecs(train.startDate, options.timezone);
    const last = train.plan.after.at(-1)!;
    continuing.push({
      id: tripId,
      tripUpdate: {
        trip: { tripId, routeId: train.routeId, startDate: train.startDate, scheduleRelationship: 'NEW' },
        // Untimed calls between timepoints are left out: a NEW trip's calls need times.
        stopTimeUpdate: train.plan.after
          .filter((call) => (call.arrivalSecs ?? call.departureSecs) !== null)
          .map((call, k) => ({
            stopSequence: k + 1,
            stopId: call.stopId,
            arrival: { time: dayStart + (call.arrivalSecs ?? call.departureSecs)! },
            departure: { time: dayStart + (call.departureSecs ?? call.arrivalSecs)! },
            // Riders join it here from the bus; nobody arrives on it.
            ...(k === 0 && { stopTimeProperties: { dropOffType: 'NONE' } }),
          })),
        tripProperties: { tripHeadsign: options.names.get(last.stopId) ?? last.stopId },
        timestamp: options.nowSecs,
      },
    });
    continuingTrips.push({ tripId, continuesTripId: train.tripId });
  }
  for (const [i, train] of options.trains.entries()) {
    const tripId = ids[i]!;
    const dayStart = serviceDayStartSecs(train.startDate, options.timezone);
    for (const c of train.plan.connections)
      connections.push({
        tripId: train.tripId,
        busTripId: tripId,
        stopId: c.stopId,
        stopName: options.names.get(c.stopId) ?? c.stopId,
        kind: c.kind,
        trainTime: serviceClock(c.trainSecs),
        busTime: serviceClock(c.busSecs),
        minutes: c.minutes,
        heldMinutes: c.kind === 'to_train' ? Math.ceil(train.plan.holdSecs / 60) : 0,
      });
    const last = train.plan.bus.at(-1)!;
    entities.push({
      id: tripId,
      tripUpdate: {
        trip: { tripId, routeId: options.routeId, startDate: train.startDate, scheduleRelationship: 'NEW' },
        stopTimeUpdate: train.plan.bus.map((call, n) => ({
          stopSequence: n + 1,
          stopId: call.stopId,
          arrival: { time: dayStart + call.arrivalSecs },
          departure: { time: dayStart + call.departureSecs },
        })),
        tripProperties: { tripHeadsign: options.names.get(last.stopId) ?? last.stopId },
        timestamp: options.nowSecs,
      },
    });
    replacementTrips.push({ tripId, replacesTripId: train.tripId });
  }
  return { entities, replacementTrips, continuing, continuingTrips, connections };
}

/** HH:MM of service-day seconds (past 24 after midnight, as the timetable writes it). */
export function serviceClock(secs: number): string {
  const minutes = Math.floor(secs / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The wanted ids, each made unique when the schedule or the live feed has it already (an earlier
 * bus for the same train that was not lifted): `-2`, `-3`, ... A few rounds of one query each.
 */
async function freeTripIds(deps: Pick<Deps, 'db'>, wanted: string[]): Promise<string[]> {
  const current = await findCurrentSchedule(deps);
  const result = [...wanted];
  const chosen = new Set<string>();
  let pending = result.map((_, i) => i);
  for (let round = 1; pending.length > 0; round++) {
    const candidates = pending.map((i) => (round === 1 ? wanted[i]! : `${wanted[i]}-${round}`));
    const taken = await takenIds(deps, candidates, current?.versionId);
    const next: number[] = [];
    for (const [n, i] of pending.entries()) {
      const id = candidates[n]!;
      if (taken.has(id) || chosen.has(id)) next.push(i);
      else {
        result[i] = id;
        chosen.add(id);
      }
    }
    pending = next;
  }
  return result;
}

async function takenIds(deps: Pick<Deps, 'db'>, ids: string[], versionId: number | undefined) {
  const taken = new Set<string>();
  for (const part of batchesOf(ids)) {
    const live = await deps.db
      .select({ id: feedEntities.id, tripId: feedEntities.tripId })
      .from(feedEntities)
      .where(
        and(
          eq(feedEntities.kind, 'trip_update'),
          or(isAnyOf(feedEntities.id, part), isAnyOf(feedEntities.tripId, part)),
        ),
      );
    for (const row of live) {
      taken.add(row.id);
      if (row.tripId) taken.add(row.tripId);
    }
    if (versionId === undefined) continue;
    const scheduled = await deps.db
      .select({ tripId: scheduleTrips.tripId })
      .from(scheduleTrips)
      .where(and(eq(scheduleTrips.versionId, versionId), isAnyOf(scheduleTrips.tripId, part)));
    for (const row of scheduled) taken.add(row.tripId);
  }
  return taken;
}
