/**
 * "Replace trains between A and B by buses" for one train (docs/contract-notes.md "Dated trips
 * and disruptions"): which of its calls the section takes, the parts of the train left on either
 * side, the bus that replaces it, and the connections between them. Pure, and shared by the
 * realtime disruption (NEW trips) and by planned works in the schedule (ordinary trips of that
 * date).
 */

/** One scheduled call of a train, times in seconds after the service day's noon minus 12 h. */
export type TimedCall = {
  stopSequence: number;
  stopId: string;
  arrivalSecs: number | null;
  departureSecs: number | null;
};

export type BusSection = {
  fromStopId: string;
  toStopId: string;
  /**
   * The connection margin at each end: the bus leaves the section's first end at least this long
   * after the train's part before the section arrives there, and reaches the other end at least
   * this long before the train's part after the section leaves it.
   */
  marginMinutes: number;
  /**
   * How long the bus takes from one end of the section to the other; by default the train's time
   * over the section and ROAD_EXTRA_MINUTES more (the road is slower than the rail).
   */
  busMinutes?: number;
  /** The train's delay at the section's first end, in realtime (it arrives that much later). */
  entryDelaySecs?: number;
};

export type BusCall = { stopId: string; arrivalSecs: number; departureSecs: number };

/** Where riders change between the train and the bus, as planned (service-day seconds). */
export type BusConnection = {
  stopId: string;
  /** `to_bus`: from the train's part before the section onto the bus; `to_train`: from the bus onto the part after. */
  kind: 'to_bus' | 'to_train';
  /** The train arrives (to_bus) or leaves (to_train), after any hold. */
  trainSecs: number;
  /** The bus leaves (to_bus) or arrives (to_train). */
  busSecs: number;
  /** Minutes riders have to change; at least the margin. */
  minutes: number;
};

export type ReplacementBusPlan = {
  /** The train runs only inside the section (its first and last calls are its ends): it does not run. */
  wholeTrip: boolean;
  /** The section's end the train reaches first, where riders change to the bus (or from it). */
  entry: TimedCall;
  /** The other end, where riders change back. */
  exit: TimedCall;
  /** The train's calls strictly between the two: not served by the train. */
  skipped: TimedCall[];
  /** The train's part before the section: its calls up to the entry; empty when the section starts the run. */
  before: TimedCall[];
  /** The train's part after the section: its calls from the exit on, held by holdSecs; empty when the section ends the run. */
  after: TimedCall[];
  /** How much later than timetabled the part after leaves the exit (and every call after), so riders from the bus make it. */
  holdSecs: number;
  /** The bus's calls in order: the section's stops as the train serves them. */
  bus: BusCall[];
  /** The connections at each end (none at an end where the train starts or ends its run). */
  connections: BusConnection[];
};

/** GTFS route_type of buses: 3, or the extended 700–799 (bus service) of Google's route types. */
export const isBusRouteType = (type: number | null | undefined) =>
  type === 3 || (typeof type === 'number' && type >= 700 && type <= 799);

/** Default connection margin when the action gives none. */
export const DEFAULT_MARGIN_MINUTES = 5;
/** How much longer than the train the bus takes over the section, when its time is not given. */
export const ROAD_EXTRA_MINUTES = 10;

/**
 * The plan for one train, or null when it does not call at both ends of the section (a train that
 * merely crosses it elsewhere is not affected). The section runs whichever way the train does.
 * The bus leaves the first end `marginMinutes` after the train's part before arrives there (with
 * the train, when the section starts the run), takes `busMinutes` to the other end (its stops
 * between timed in proportion to the train's), and when it would reach the other end less than
 * `marginMinutes` before the part after leaves, that part is held: it leaves `marginMinutes`
 * after the bus arrives, and every later call is as late (docs/contract-notes.md "Dated trips
 * and disruptions").
 */
export function planReplacementBus(calls: TimedCall[], section: BusSection): ReplacementBusPlan | null {
  const a = calls.findIndex((c) => c.stopId === section.fromStopId);
  const b = calls.findIndex((c) => c.stopId === section.toStopId);
  if (a < 0 || b < 0 || a === b) return null;
  const [first, last] = a < b ? [a, b] : [b, a];
  // A call without times (an untimed stop between timepoints) has no time to keep: the bus
  // passes it without a stop rather than invent one.
  const timed = calls.slice(first, last + 1).filter((c) => (c.arrivalSecs ?? c.departureSecs) !== null);
  if (timed.length < 2) return null;
  // The times of the section's ends (of the nearest timed calls inside it when an end has none).
  const start = timed[0]!;
  const end = timed.at(-1)!;
  const arrivalOf = (c: TimedCall) => (c.arrivalSecs ?? c.departureSecs)!;
  const departureOf = (c: TimedCall) => (c.departureSecs ?? c.arrivalSecs)!;
  const margin = Math.round(section.marginMinutes * 60);
  const entry = calls[first]!;
  const exit = calls[last]!;
  const hasBefore = first > 0;
  const hasAfter = last < calls.length - 1;

  const trainStart = departureOf(start);
  const trainRun = Math.max(0, arrivalOf(end) - trainStart);
  const busRun =
    section.busMinutes !== undefined
      ? Math.round(section.busMinutes * 60)
      : trainRun + ROAD_EXTRA_MINUTES * 60;
  const trainArrives = arrivalOf(start) + (section.entryDelaySecs ?? 0);
  // Riders off the part before need the margin; with no part before, riders board where the train would have.
  const busLeaves = hasBefore ? Math.max(trainArrives + margin, departureOf(start)) : departureOf(start);
  const bus: BusCall[] = timed.map((call, i) => {
    const share =
      trainRun > 0 ? (arrivalOf(call) - trainStart) / trainRun : i / Math.max(1, timed.length - 1);
    // Whole minutes, as riders read a timetable (the last stop is exactly busRun after the first).
    const at = i === 0 ? busLeaves : busLeaves + Math.round((share * busRun) / 60) * 60;
    return { stopId: call.stopId, arrivalSecs: at, departureSecs: at };
  });
  // Never earlier than the call before it, whatever the shares.
  for (let i = 1; i < bus.length; i++) {
    const previous = bus[i - 1]!.departureSecs;
    if (bus[i]!.arrivalSecs < previous)
      bus[i] = { ...bus[i]!, arrivalSecs: previous, departureSecs: previous };
  }
  const busArrives = bus.at(-1)!.arrivalSecs;
  const holdSecs = hasAfter ? Math.max(0, busArrives + margin - departureOf(end)) : 0;
  const held = (c: TimedCall): TimedCall => ({
    ...c,
    arrivalSecs: c.arrivalSecs === null ? null : c.arrivalSecs + holdSecs,
    departureSecs: c.departureSecs === null ? null : c.departureSecs + holdSecs,
  });
  const after = hasAfter ? calls.slice(last).map(held) : [];
  // The part after starts at the exit: it is there when it leaves, whatever its timetabled arrival.
  if (after[0]) after[0] = { ...after[0], arrivalSecs: after[0].departureSecs ?? after[0].arrivalSecs };
  const connections: BusConnection[] = [];
  if (hasBefore)
    connections.push({
      stopId: entry.stopId,
      kind: 'to_bus',
      trainSecs: trainArrives,
      busSecs: busLeaves,
      minutes: Math.floor((busLeaves - trainArrives) / 60),
    });
  if (hasAfter) {
    const leaves = departureOf(end) + holdSecs;
    connections.push({
      stopId: exit.stopId,
      kind: 'to_train',
      trainSecs: leaves,
      busSecs: busArrives,
      minutes: Math.floor((leaves - busArrives) / 60),
    });
  }
  return {
    wholeTrip: !hasBefore && !hasAfter,
    entry,
    exit,
    skipped: calls.slice(first + 1, last),
    before: hasBefore ? calls.slice(0, first + 1) : [],
    after,
    holdSecs,
    bus,
    connections,
  };
}
