import type { DisruptionAction } from './disruption-input.ts';
import {
  DEFAULT_MARGIN_MINUTES,
  planReplacementBus,
  type ReplacementBusPlan,
} from './plan-replacement-bus.ts';

/** A trip update as protobuf-JSON (camelCase, enum names), the form a disruption edits. */
export type TripUpdateJson = {
  id: string;
  tripUpdate: {
    trip: { tripId: string; startDate?: string; scheduleRelationship?: string; [k: string]: unknown };
    stopTimeUpdate?: StopTimeUpdateJson[];
    delay?: number;
    timestamp?: number;
    [k: string]: unknown;
  };
};
type StopTimeEventJson = { delay?: number; time?: number; [k: string]: unknown };
type StopTimeUpdateJson = {
  stopSequence?: number;
  stopId?: string;
  arrival?: StopTimeEventJson;
  departure?: StopTimeEventJson;
  scheduleRelationship?: string;
  stopTimeProperties?: {
    assignedStopId?: string;
    pickupType?: string;
    dropOffType?: string;
    [k: string]: unknown;
  };
  [k: string]: unknown;
};

/** A scheduled call; its timetabled times (service-day seconds) are needed by replace_by_bus only. */
export type ScheduledStop = {
  stopSequence: number;
  stopId: string;
  arrivalSecs?: number | null;
  departureSecs?: number | null;
};

export type MergeTarget = {
  id: string;
  tripId: string;
  startDate: string;
  /** The trip's scheduled calls in sequence order. */
  stops: ScheduledStop[];
  nowSecs: number;
  /** Stop names by id: a train turned short at a stop shows its name as headsign (the id when absent). */
  stopNames?: ReadonlyMap<string, string>;
  /** replace_by_bus: the train's plan as the apply made it (with the train's delay at the section); planned here when absent. */
  busPlan?: ReplacementBusPlan | null;
};

/**
 * The trip update after a disruption's action, merged with the trip's existing update (or none):
 * what the action does not touch is kept, so a delayed trip that then skips a stop keeps its delay.
 * Pure: the input is not changed.
 */
export function mergeDisruptionAction(
  existing: TripUpdateJson | null,
  action: DisruptionAction,
  target: MergeTarget,
): TripUpdateJson {
  const base: TripUpdateJson = existing
    ? structuredClone(existing)
    : { id: target.id, tripUpdate: { trip: { tripId: target.tripId }, stopTimeUpdate: [] } };
  const tu = base.tripUpdate;
  tu.trip = { ...tu.trip, startDate: target.startDate };
  tu.timestamp = target.nowSecs;
  tu.stopTimeUpdate = [...(tu.stopTimeUpdate ?? [])];
  if (action.type === 'cancel') tu.trip.scheduleRelationship = 'CANCELED';
  if (action.type === 'delete') tu.trip.scheduleRelationship = 'DELETED';
  if (action.type === 'skip_stop') skipStopById(tu, action.stopId ?? '', target.stops);
  if (action.type === 'delay') addDelay(tu, action.stopId, (action.minutes ?? 0) * 60, target.stops);
  if (action.type === 'replace_by_bus') replaceByBus(tu, action, target);
  if (action.type === 'short_turn') shortTurn(tu, action, target);
  if (action.type === 'set_down_only') restrictStop(tu, action.stopId ?? '', 'pickupType', target.stops);
  if (action.type === 'pick_up_only') restrictStop(tu, action.stopId ?? '', 'dropOffType', target.stops);
  if (action.type === 'change_platform')
    changePlatform(tu, action.stopId ?? '', action.toStopId ?? '', target.stops);
  return base;
}

/**
 * Where a short turn turns a trip, or why it cannot: `end` at the first call there after the
 * trip's first stop, `start` at the last call there before its last stop (a loop passing the stop
 * twice keeps the most of its run). `no_change`: the trip already ends (starts) there;
 * `nothing_left`: it would end where it starts (start where it ends), which is a cancellation.
 */
export function shortTurnCall(
  stops: ScheduledStop[],
  stopId: string,
  at: 'end' | 'start',
): { index: number } | { problem: 'not_called' | 'no_change' | 'nothing_left' } {
  const calls = stops.flatMap((s, i) => (s.stopId === stopId ? [i] : []));
  if (calls.length === 0) return { problem: 'not_called' };
  const last = stops.length - 1;
  const index = at === 'end' ? calls.find((i) => i > 0) : calls.findLast((i) => i < last);
  if (index === undefined) return { problem: 'nothing_left' };
  if (index === (at === 'end' ? last : 0)) return { problem: 'no_change' };
  return { index };
}

/**
 * The stops after the turn (before it) SKIPPED, replacing what they had; the stops still served
 * keep their delays. A train starting further on keeps the delay it had there, which the skipped
 * stops before would no longer carry; one ending short shows the stop's name as its headsign.
 */
function shortTurn(tu: TripUpdateJson['tripUpdate'], action: DisruptionAction, target: MergeTarget) {
  const at = action.at ?? 'end';
  const { stops } = target;
  const call = shortTurnCall(stops, action.stopId ?? '', at);
  if (!('index' in call)) return;
  const turn = stops[call.index]!;
  const dropped = at === 'end' ? stops.slice(call.index + 1) : stops.slice(0, call.index);
  const carried = at === 'start' ? delayAt(tu, turn.stopSequence, stops) : undefined;
  const updates = tu.stopTimeUpdate!.filter((u) => !dropped.some((s) => sameStop(u, s)));
  for (const stop of dropped)
    updates.push({ stopSequence: stop.stopSequence, stopId: stop.stopId, scheduleRelationship: 'SKIPPED' });
  if (carried !== undefined && !updates.some((u) => sameStop(u, turn)))
    updates.push(withDelay(turn, carried));
  sortBySequence(updates, stops);
  tu.stopTimeUpdate = updates;
  if (at === 'end') {
    const properties = (tu.tripProperties ?? {}) as Record<string, unknown>;
    tu.tripProperties = { ...properties, tripHeadsign: target.stopNames?.get(turn.stopId) ?? turn.stopId };
  }
}

/**
 * Riders may only leave (pickupType NONE) or only board (dropOffType NONE) at the stop, as the trip
 * update editor's Boarding column writes it.
 */
function restrictStop(
  tu: TripUpdateJson['tripUpdate'],
  stopId: string,
  field: 'pickupType' | 'dropOffType',
  stops: ScheduledStop[],
) {
  const stop = stops.find((s) => s.stopId === stopId);
  if (stop) restrictCall(tu, stop, field, stops);
}

/**
 * Pickup or drop-off NONE at a call, on its own update; a call without one gets one with the delay
 * in force there (a stop time update needs a time or a delay, E043), so its propagation is unchanged.
 */
function restrictCall(
  tu: TripUpdateJson['tripUpdate'],
  call: ScheduledStop,
  field: 'pickupType' | 'dropOffType',
  stops: ScheduledStop[],
) {
  const updates = tu.stopTimeUpdate!;
  const own = updates.find((u) => sameStop(u, call));
  if (own) {
    own.stopTimeProperties = { ...own.stopTimeProperties, [field]: 'NONE' };
    return;
  }
  const inForce = delayAt(tu, call.stopSequence, stops) ?? 0;
  updates.push({ ...withDelay(call, inForce), stopTimeProperties: { [field]: 'NONE' } });
  sortBySequence(updates, stops);
}

/**
 * The train's side of replace_by_bus (the bus, and the train's part after the section when it
 * has a part before too, are NEW trips of their own: replacement-bus-trips.ts). A train running
 * only inside the section does not run. Otherwise this trip update is the train's part before the
 * section when it has one: it ends at the section's first end (nobody boards there, its headsign
 * that stop) and every later call is SKIPPED, so it never claims to reach a stop it no longer
 * serves. A train whose run starts inside the section keeps only its part after: every call
 * before the section's other end is SKIPPED, nobody alights there, and it leaves as late as the
 * plan holds it for the bus (docs/contract-notes.md "Dated trips and disruptions").
 */
function replaceByBus(tu: TripUpdateJson['tripUpdate'], action: DisruptionAction, target: MergeTarget) {
  const { stops } = target;
  const plan =
    target.busPlan !== undefined
      ? target.busPlan
      : planReplacementBus(
          stops.map((s) => ({
            ...s,
            arrivalSecs: s.arrivalSecs ?? null,
            departureSecs: s.departureSecs ?? null,
          })),
          {
            fromStopId: action.fromStopId ?? '',
            toStopId: action.toStopId ?? '',
            marginMinutes: action.marginMinutes ?? DEFAULT_MARGIN_MINUTES,
            busMinutes: action.busMinutes,
          },
        );
  if (!plan) return;
  if (plan.wholeTrip) {
    tu.trip.scheduleRelationship = 'DELETED';
    return;
  }
  const keptPart = plan.before.length > 0 ? plan.before : plan.after;
  const kept = new Set(keptPart.map((c) => c.stopSequence));
  const carried = plan.before.length === 0 ? delayAt(tu, plan.exit.stopSequence, stops) : undefined;
  const updates = tu.stopTimeUpdate!.filter((u) => kept.has(sequenceOf(u, stops)));
  for (const stop of stops)
    if (!kept.has(stop.stopSequence))
      updates.push({ stopSequence: stop.stopSequence, stopId: stop.stopId, scheduleRelationship: 'SKIPPED' });
  tu.stopTimeUpdate = updates;
  // An entry another section already took (a second replacement of the train) stays as it is.
  const entryGone = updates.some((u) => sameStop(u, plan.entry) && u.scheduleRelationship === 'SKIPPED');
  if (plan.before.length > 0 && entryGone) {
    // Nothing more to cut: the train already ends before this section.
  } else if (plan.before.length > 0) {
    restrictCall(tu, plan.entry, 'pickupType', stops);
    const properties = (tu.tripProperties ?? {}) as Record<string, unknown>;
    tu.tripProperties = {
      ...properties,
      tripHeadsign: target.stopNames?.get(plan.entry.stopId) ?? plan.entry.stopId,
    };
  } else {
    // The part after leaves the exit at least as late as the bus needs, and is no earlier anywhere after.
    const hold = Math.max(plan.holdSecs, carried ?? 0);
    if (!updates.some((u) => sameStop(u, plan.exit))) updates.push(withDelay(plan.exit, hold));
    for (const update of updates) {
      if (sequenceOf(update, stops) < plan.exit.stopSequence) continue;
      if (update.scheduleRelationship === 'SKIPPED' || update.scheduleRelationship === 'NO_DATA') continue;
      for (const key of ['arrival', 'departure'] as const) {
        const event = update[key];
        if (event && event.time === undefined && (event.delay ?? 0) < hold) event.delay = hold;
      }
    }
    restrictCall(tu, plan.exit, 'dropOffType', stops);
  }
  sortBySequence(updates, stops);
}

/**
 * The train calls at `toStopId` instead of its scheduled platform `stopId`: every call there carries
 * StopTimeProperties.assigned_stop_id (GTFS-RT reference, "StopTimeProperties"). A call with its own
 * update keeps its times and properties; one without gets the delay in force there (so the delay
 * propagates on as before), or NO_DATA when the train has no realtime times there, as the
 * reference's best practice for a stop assignment without predictions says. A skipped call is not
 * given a platform (the train does not stop there; docs/contract-notes.md "Consistency findings").
 */
function changePlatform(
  tu: TripUpdateJson['tripUpdate'],
  stopId: string,
  toStopId: string,
  stops: ScheduledStop[],
) {
  const updates = tu.stopTimeUpdate!;
  for (const call of stops.filter((s) => s.stopId === stopId)) {
    const own = updates.find((u) => sameStop(u, call));
    if (own?.scheduleRelationship === 'SKIPPED') continue;
    if (own) {
      own.stopTimeProperties = { ...own.stopTimeProperties, assignedStopId: toStopId };
      continue;
    }
    const inForce = delayAt(tu, call.stopSequence, stops);
    const timing: StopTimeUpdateJson =
      inForce === undefined
        ? { stopSequence: call.stopSequence, stopId: call.stopId, scheduleRelationship: 'NO_DATA' }
        : withDelay(call, inForce);
    updates.push({ ...timing, stopTimeProperties: { assignedStopId: toStopId } });
  }
  sortBySequence(updates, stops);
}

function skipStopById(tu: TripUpdateJson['tripUpdate'], stopId: string, stops: ScheduledStop[]) {
  skipStop(
    tu,
    stops.findIndex((s) => s.stopId === stopId),
    stops,
  );
}

function skipStop(tu: TripUpdateJson['tripUpdate'], index: number, stops: ScheduledStop[]) {
  const stop = stops[index];
  if (!stop) return;
  const updates = tu.stopTimeUpdate!;
  // The delay in force at the next stop, before the skip breaks its propagation.
  const next = stops[index + 1];
  const carried = next ? delayAt(tu, next.stopSequence, stops) : undefined;
  const own = updates.find((u) => sameStop(u, stop));
  const skipped: StopTimeUpdateJson = {
    stopSequence: stop.stopSequence,
    stopId: stop.stopId,
    scheduleRelationship: 'SKIPPED',
  };
  if (own) updates.splice(updates.indexOf(own), 1, skipped);
  else updates.push(skipped);
  if (next && carried && !updates.some((u) => sameStop(u, next))) updates.push(withDelay(next, carried));
  sortBySequence(updates, stops);
}

function addDelay(
  tu: TripUpdateJson['tripUpdate'],
  stopId: string | undefined,
  secs: number,
  stops: ScheduledStop[],
) {
  const index = stopId ? stops.findIndex((s) => s.stopId === stopId) : 0;
  const from = stops[index];
  if (!from || secs === 0) return;
  const updates = tu.stopTimeUpdate!;
  if (!updates.some((u) => sameStop(u, from))) {
    const inForce = delayAt(tu, from.stopSequence, stops) ?? 0;
    updates.push(withDelay(from, inForce));
  }
  for (const update of updates) {
    if (sequenceOf(update, stops) < from.stopSequence || update.scheduleRelationship === 'SKIPPED') continue;
    if (update.scheduleRelationship === 'NO_DATA') continue;
    for (const key of ['arrival', 'departure'] as const) {
      const event = update[key];
      if (!event) continue;
      if (event.time !== undefined) event.time += secs;
      else event.delay = (event.delay ?? 0) + secs;
    }
  }
  sortBySequence(updates, stops);
}

/** The delay in force at a call of a trip's update (null update: none): what a consumer applies there. */
export function delayInForce(
  existing: TripUpdateJson | null,
  sequence: number,
  stops: ScheduledStop[],
): number {
  return existing ? (delayAt(existing.tripUpdate, sequence, stops) ?? 0) : 0;
}

/** The delay a consumer applies at a stop: the last update at or before it with a delay, else the trip's. */
function delayAt(
  tu: TripUpdateJson['tripUpdate'],
  sequence: number,
  stops: ScheduledStop[],
): number | undefined {
  let found = tu.delay;
  const ordered = [...(tu.stopTimeUpdate ?? [])].sort((a, b) => sequenceOf(a, stops) - sequenceOf(b, stops));
  for (const update of ordered) {
    if (sequenceOf(update, stops) > sequence) break;
    if (update.scheduleRelationship === 'SKIPPED' || update.scheduleRelationship === 'NO_DATA') continue;
    const delay = update.departure?.delay ?? update.arrival?.delay;
    if (delay !== undefined) found = delay;
  }
  return found;
}

function sequenceOf(update: StopTimeUpdateJson, stops: ScheduledStop[]): number {
  return update.stopSequence ?? stops.find((s) => s.stopId === update.stopId)?.stopSequence ?? 0;
}

/** An update of a stop that only says the delay there (arrival and departure). */
function withDelay(stop: ScheduledStop, delay: number): StopTimeUpdateJson {
  return { stopSequence: stop.stopSequence, stopId: stop.stopId, arrival: { delay }, departure: { delay } };
}

function sameStop(update: StopTimeUpdateJson, stop: ScheduledStop): boolean {
  return update.stopSequence !== undefined
    ? update.stopSequence === stop.stopSequence
    : update.stopId === stop.stopId;
}

function sortBySequence(updates: StopTimeUpdateJson[], stops: ScheduledStop[]) {
  updates.sort((a, b) => sequenceOf(a, stops) - sequenceOf(b, stops));
}
