import { disruptions, disruptionTrips, feedEntities, routes } from '@feeddesk/drizzle';
import { decodeFeedEntity, feedEntityToJson } from '@feeddesk/proto';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DisruptionAction } from '../disruptions/disruption-input.ts';
import { loadTripStops } from '../disruptions/load-trip-stops.ts';
import {
  delayInForce,
  type ScheduledStop,
  type TripUpdateJson,
} from '../disruptions/merge-disruption-action.ts';
import { DEFAULT_MARGIN_MINUTES } from '../disruptions/plan-replacement-bus.ts';
import { isContinuingTripId } from '../disruptions/replacement-bus-trips.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import type { ScheduleReadDeps } from '../schedule/read-schedule-view.ts';
import { inSubquery, isAnyOf, readInBatches } from '../schedule/statement-batches.ts';
import { serviceDayStartSecs } from '../schedule/time/service-day.ts';
import type { ReplacementBusRun, ReplacementConnection } from './context.ts';

type Json = TripUpdateJson['tripUpdate'];
type Update = NonNullable<Json['stopTimeUpdate']>[number];

/** What a bus's connections are judged from: its published calls, and the train's on the same service date. */
export type BusConnectionInput = {
  bus: Json;
  /** The train's own live update (its part before, or the part after when the section starts its run); null without one. */
  train: Json | null;
  /** The NEW trip of the train's part after, when it keeps a part on both sides. */
  after: Json | null;
  /** The train's scheduled calls (service-day seconds), in order. */
  calls: ScheduledStop[];
  /** POSIX seconds of the start of the train's service day. */
  dayStart: number;
};

const eventSecs = (u: Update | undefined, which: 'arrival' | 'departure') => {
  const other = which === 'arrival' ? 'departure' : 'arrival';
  const time = u?.[which]?.time ?? u?.[other]?.time;
  return time === undefined || time === null ? null : Number(time);
};

/**
 * The connections of a replacement bus as riders read them in the feed (docs/contract-notes.md
 * "Dated trips and disruptions"): where the bus's first call is a call of the train's part before
 * (not its first), riders change from the train to the bus; where its last call is followed by
 * more of the train's calls, from the bus onto the part after. Times are the published ones: the
 * NEW part after's own, else the timetable plus the delay in force (a held train's hold).
 */
export function busConnections(input: BusConnectionInput): ReplacementConnection[] {
  const busCalls = input.bus.stopTimeUpdate ?? [];
  const first = busCalls[0];
  const last = busCalls.at(-1);
  if (!first?.stopId || !last?.stopId || first === last) return [];
  const { calls, dayStart } = input;
  const train = input.train;
  const running = (json: Json | null) =>
    json !== null && !['CANCELED', 'DELETED'].includes(json.trip.scheduleRelationship ?? '');
  const scheduled = (call: ScheduledStop, which: 'arrival' | 'departure') => {
    const secs =
      which === 'arrival'
        ? (call.arrivalSecs ?? call.departureSecs)
        : (call.departureSecs ?? call.arrivalSecs);
    return secs === null || secs === undefined ? null : secs;
  };
  /** The train's published time at a call of its own update: a time given, else the timetable and the delay in force. */
  const trainAt = (json: Json, call: ScheduledStop, which: 'arrival' | 'departure') => {
    const own = (json.stopTimeUpdate ?? []).find((u) =>
      u.stopSequence !== undefined ? u.stopSequence === call.stopSequence : u.stopId === call.stopId,
    );
    const given = own?.[which]?.time;
    if (given !== undefined && given !== null) return Number(given);
    const secs = scheduled(call, which);
    if (secs === null) return null;
    return dayStart + secs + delayInForce({ id: '', tripUpdate: json }, call.stopSequence, calls);
  };
  const connections: ReplacementConnection[] = [];
  const entry = calls.findIndex((c) => c.stopId === first.stopId);
  if (entry > 0 && train && running(train)) {
    const trainSecs = trainAt(train, calls[entry]!, 'arrival');
    const busSecs = eventSecs(first, 'departure');
    if (trainSecs !== null && busSecs !== null)
      connections.push({ kind: 'to_bus', stopId: first.stopId, trainSecs, busSecs });
  }
  const exit = calls.findIndex((c, i) => i > entry && c.stopId === last.stopId);
  if (exit >= 0 && exit < calls.length - 1) {
    const busSecs = eventSecs(last, 'arrival');
    // The part after: a NEW trip of its own, else the train's own update (the section starts its run).
    const trainSecs =
      input.after && running(input.after)
        ? eventSecs(
            (input.after.stopTimeUpdate ?? []).find((u) => u.stopId === last.stopId),
            'departure',
          )
        : train && running(train) && entry === 0
          ? trainAt(train, calls[exit]!, 'departure')
          : null;
    if (trainSecs !== null && busSecs !== null)
      connections.push({ kind: 'to_train', stopId: last.stopId, trainSecs, busSecs });
  }
  return connections;
}

/** A replacement bus with the live updates its connections were read from (with connections only). */
export type LiveReplacementBus = ReplacementBusRun & {
  /** The bus's served update. */
  bus: Json;
  /** The served NEW trip of the train's part after, when the train keeps a part on both sides. */
  after: { entityId: string; json: Json } | null;
};

/**
 * The replacement buses of the disruptions in force (replace_by_bus published in the feed), each
 * with its route's route_type and, unless `connections` is false, its connections as the live feed
 * times them (the trains' updates and timetables read too). One query when none is in force.
 * With `trips`, only the buses of those trains, or of the trains those buses (and parts after) replace.
 */
export async function loadReplacementBuses(
  deps: ScheduleReadDeps,
  options: { connections?: boolean; trips?: string[] } = {},
): Promise<LiveReplacementBus[]> {
  const withConnections = options.connections ?? true;
  const trips = options.trips;
  if (trips?.length === 0) return [];
  const ofTrips = trips
    ? or(
        isAnyOf(disruptionTrips.replacesTripId, trips),
        inSubquery(
          disruptionTrips.replacesTripId,
          deps.db
            .select({ train: disruptionTrips.replacesTripId })
            .from(disruptionTrips)
            .where(isAnyOf(disruptionTrips.tripId, trips)),
        ),
      )
    : undefined;
  const rows = await deps.db
    .select({
      disruptionId: disruptionTrips.disruptionId,
      tripId: disruptionTrips.tripId,
      startDate: disruptionTrips.startDate,
      entityId: disruptionTrips.entityId,
      replacesTripId: disruptionTrips.replacesTripId,
      action: disruptions.action,
    })
    .from(disruptionTrips)
    .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
    .where(
      and(
        isNull(disruptions.liftedAt),
        eq(disruptions.publishAs, 'feed'),
        isNotNull(disruptionTrips.replacesTripId),
        ofTrips,
      ),
    );
  if (rows.length === 0) return [];
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const trainIds = withConnections ? [...new Set(rows.map((r) => r.replacesTripId!))] : [];
  const entityIds = rows.map((r) => r.entityId);
  const byId = new Map<string, Json>();
  const byRun = new Map<string, Json>();
  if (!withConnections) {
    // The buses' routes only, read from the stored JSON: nothing decoded.
    const routed = await readInBatches(entityIds, (batch) =>
      deps.db
        .select({
          id: feedEntities.id,
          routeId: sql<string | null>`${feedEntities.json}->'tripUpdate'->'trip'->>'routeId'`,
        })
        .from(feedEntities)
        .where(and(servedRows('trip_update'), isAnyOf(feedEntities.id, batch))),
    );
    for (const row of routed)
      byId.set(row.id, { trip: { tripId: '', ...(row.routeId !== null && { routeId: row.routeId }) } });
  }
  const live = await readInBatches(withConnections ? [...trainIds, ...entityIds] : [], (batch) =>
    deps.db
      .select({ id: feedEntities.id, tripId: feedEntities.tripId, pb: feedEntities.pb })
      .from(feedEntities)
      .where(
        and(
          servedRows('trip_update'),
          or(isAnyOf(feedEntities.tripId, batch), isAnyOf(feedEntities.id, batch)),
        ),
      ),
  );
  for (const row of live) {
    if (byId.has(row.id)) continue;
    const json = (feedEntityToJson(decodeFeedEntity(row.pb)) as TripUpdateJson).tripUpdate;
    if (!json?.trip) continue;
    byId.set(row.id, json);
    if (json.trip.scheduleRelationship !== 'DUPLICATED' && json.trip.tripId && json.trip.startDate)
      byRun.set(`${json.trip.tripId}\u0000${json.trip.startDate}`, json);
  }
  const calls = withConnections ? await loadTripStops(deps, trainIds) : new Map<string, ScheduledStop[]>();
  const routeIds = [
    ...new Set([...byId.values()].flatMap((j) => (j.trip.routeId ? [String(j.trip.routeId)] : []))),
  ];
  const routeTypes = new Map(
    routeIds.length === 0
      ? []
      : (
          await deps.db
            .select({ routeId: routes.routeId, routeType: routes.routeType })
            .from(routes)
            .where(and(eq(routes.versionId, current.versionId), isAnyOf(routes.routeId, routeIds)))
        ).map((r) => [r.routeId, r.routeType]),
  );
  const dayStarts = new Map<string, number>();
  const dayStart = (date: string) => {
    const known = dayStarts.get(date);
    if (known !== undefined) return known;
    const secs = serviceDayStartSecs(date, current.timezone);
    dayStarts.set(date, secs);
    return secs;
  };
  const afterOf = new Map(
    rows
      .filter((r) => isContinuingTripId(r.tripId, r.replacesTripId!))
      .map((r) => [`${r.disruptionId}\u0000${r.replacesTripId}\u0000${r.startDate}`, r.entityId]),
  );
  const buses: LiveReplacementBus[] = [];
  const judged = new Set<string>();
  for (const row of rows) {
    const train = row.replacesTripId!;
    if (isContinuingTripId(row.tripId, train) || judged.has(row.entityId)) continue;
    const bus = byId.get(row.entityId);
    // A bus no longer served (expired, deleted) has nothing to judge; one entity is judged once.
    if (!bus) continue;
    judged.add(row.entityId);
    const action = row.action as DisruptionAction;
    const routeId = bus.trip.routeId ? String(bus.trip.routeId) : null;
    const afterId = afterOf.get(`${row.disruptionId}\u0000${train}\u0000${row.startDate}`);
    const afterJson = afterId ? byId.get(afterId) : undefined;
    buses.push({
      bus,
      after: afterId && afterJson ? { entityId: afterId, json: afterJson } : null,
      entityId: row.entityId,
      tripId: row.tripId,
      startDate: row.startDate,
      disruptionId: row.disruptionId,
      replacesTripId: train,
      routeId,
      routeType: routeId === null ? undefined : routeTypes.get(routeId),
      marginSecs: (action.marginMinutes ?? DEFAULT_MARGIN_MINUTES) * 60,
      connections: withConnections
        ? busConnections({
            bus,
            train: byRun.get(`${train}\u0000${row.startDate}`) ?? null,
            after: afterJson ?? null,
            calls: calls.get(train) ?? [],
            dayStart: dayStart(row.startDate),
          })
        : [],
    });
  }
  return buses;
}
