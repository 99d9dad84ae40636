/**
 * "Replace trains between A and B by buses" for one train (docs/contract-notes.md "Dated trips
 * and disruptions"): which of its calls the section takes, whether the train is left
 * with anything to run, and the bus that replaces it. Pure, and shared by the realtime disruption
 * (a NEW trip per train) and by planned works in the schedule (an ordinary trip of that date).
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
  /** Added to the train's time at every call of the section after the first. */
  marginMinutes: number;
};

export type BusCall = { stopId: string; arrivalSecs: number; departureSecs: number };

export type ReplacementBusPlan = {
  /** The train runs only inside the section (its first and last calls are its ends): it does not run. */
  wholeTrip: boolean;
  /** The section's end the train reaches first, where riders change to the bus (or from it). */
  entry: TimedCall;
  /** The other end, where riders change back. */
  exit: TimedCall;
  /** The train's calls strictly between the two: not served by the train. */
  skipped: TimedCall[];
  /** The bus's calls in order: the section's stops as the train serves them. */
  bus: BusCall[];
};

/**
 * The plan for one train, or null when it does not call at both ends of the section (a train that
 * merely crosses it elsewhere is not affected). The section runs whichever way the train does: the
 * bus leaves the first end when the train would have, and reaches every later stop of the section
 * `marginMinutes` after the train's time there (the road is slower than the rail).
 */
export function planReplacementBus(calls: TimedCall[], section: BusSection): ReplacementBusPlan | null {
  const a = calls.findIndex((c) => c.stopId === section.fromStopId);
  const b = calls.findIndex((c) => c.stopId === section.toStopId);
  if (a < 0 || b < 0 || a === b) return null;
  const [first, last] = a < b ? [a, b] : [b, a];
  const inSection = calls.slice(first, last + 1);
  const margin = Math.round(section.marginMinutes * 60);
  const bus: BusCall[] = [];
  for (const [i, call] of inSection.entries()) {
    const arrival = call.arrivalSecs ?? call.departureSecs;
    const departure = call.departureSecs ?? call.arrivalSecs;
    // A call without times (an untimed stop between timepoints) has no time to keep: the bus
    // passes it without a stop rather than invent one.
    if (arrival === null || departure === null) continue;
    const late = i === 0 ? 0 : margin;
    const previous = bus.at(-1);
    // Never earlier than the call before it, whatever the margin.
    const arrivalSecs = Math.max(arrival + late, previous?.departureSecs ?? Number.NEGATIVE_INFINITY);
    bus.push({
      stopId: call.stopId,
      arrivalSecs: i === 0 ? departure : arrivalSecs,
      departureSecs: Math.max(departure + late, arrivalSecs),
    });
  }
  if (bus.length < 2) return null;
  return {
    wholeTrip: first === 0 && last === calls.length - 1,
    entry: calls[first]!,
    exit: calls[last]!,
    skipped: calls.slice(first + 1, last),
    bus,
  };
}
