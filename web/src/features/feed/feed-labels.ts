import type { InformedEntityJson } from './types.ts';

/** docs/spec.md §9: alert descriptions are previewed to 60 characters plus an ellipsis. */
export const DESCRIPTION_PREVIEW = 60;

export function previewText(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}…` : text;
}

/** A stop as controllers know it: its label (name, told apart from namesakes) and its stop_code. */
export type StopName = { label: string; code?: string | null };

/**
 * 'Cape Town (CT01)'; the label alone without a code or when it already says the code (namesakes
 * are told apart by it); the stop id when the schedule lacks the stop.
 */
export function stopLabel(stopId: string, stops: ReadonlyMap<string, StopName>): string {
  const stop = stops.get(stopId);
  if (!stop?.label) return stopId;
  return stop.code && !stop.label.includes(stop.code) ? `${stop.label} (${stop.code})` : stop.label;
}

/** docs/spec.md §2: Trip:{trip id}, else Route:{route name or id}, else Stop:{stop name or id}. */
export function scopeLabel(
  entity: InformedEntityJson,
  routeNames: Map<string, string>,
  stops: ReadonlyMap<string, StopName> = new Map(),
): string {
  if (entity.trip?.tripId) return `Trip:${entity.trip.tripId}`;
  if (entity.routeId) return `Route:${routeNames.get(entity.routeId) || entity.routeId}`;
  if (entity.stopId) return `Stop:${stopLabel(entity.stopId, stops)}`;
  return '';
}

/** docs/spec.md §9: a trip id ending in a dash, the number, then optional digits (leading zeros ignored). */
export function matchesTrainNumber(tripId: string, number: string, scheduledNumber?: string | null): boolean {
  const n = number.trim().replace(/^0+(?=\d)/, '');
  if (!n) return true;
  // Any operator's numbers (trip_short_name): the schedule's number starting with what was typed.
  if (scheduledNumber?.replace(/^0+(?=\d)/, '').startsWith(n)) return true;
  if (!/^\d+$/.test(n)) return false;
  // What `-0*{n}\d*$` matched, read once: the digits after the id's last dash, past zeros, start
  // with n (that pattern retried its zeros at every split when n is 0).
  const id = tripId.trim();
  const digits = id.slice(id.lastIndexOf('-') + 1);
  if (!id.includes('-') || !/^\d+$/.test(digits)) return false;
  const zeros = digits.length - digits.replace(/^0+/, '').length;
  return digits.slice(n.startsWith('0') ? 0 : zeros).startsWith(n);
}

type Variant = 'success' | 'danger' | 'warning' | 'secondary' | 'info' | 'primary';

/**
 * docs/spec.md §4: alert rows by state, trip rows by state (server-derived). Upcoming = service affected
 * later (riders may be told already); a draft is in no public feed yet.
 */
export const ALERT_STATE: Record<string, { label: string; variant: Variant | 'info' }> = {
  active: { label: 'In effect', variant: 'success' },
  ended: { label: 'Ended', variant: 'danger' },
  upcoming: { label: 'Upcoming', variant: 'warning' },
  draft: { label: 'Draft', variant: 'info' },
};

export const TRIP_STATE: Record<string, { label: string; variant: Variant }> = {
  yet_to_start: { label: 'Yet to start', variant: 'warning' },
  in_progress: { label: 'In progress', variant: 'success' },
  finished: { label: 'Finished', variant: 'danger' },
  // The trip update names a trip the current schedule lacks: no run to judge.
  not_in_schedule: { label: 'Not in schedule', variant: 'secondary' },
  // An extra train (DUPLICATED): a copy of a scheduled train at another date or start.
  extra: { label: 'Extra', variant: 'info' },
  // A new train (NEW): its own stops and times, not in the schedule.
  new: { label: 'New', variant: 'primary' },
};

/** docs/spec.md §4: search results by `inprogress`: 0 In progress, 1 Yet to start, 2 Finished. */
export const PROGRESS: Record<number, { label: string; variant: Variant }> = {
  0: TRIP_STATE.in_progress,
  1: TRIP_STATE.yet_to_start,
  2: TRIP_STATE.finished,
};

/**
 * The train number people say: the digits after a trip id's last dash ('WD-0103' → '103'), or an id
 * of digits only ('2300'), else the id itself (Metro-North's '246131224613644+2285822+0' is not
 * train 0: its number comes from the schedule, `scheduledNumber`, when the caller has it).
 */
export function trainNumber(tripId: string, scheduledNumber?: string | null): string {
  if (scheduledNumber) return scheduledNumber;
  const digits = /(?:^|-)(\d+)$/.exec(tripId.trim())?.[1];
  return digits ? digits.replace(/^0+(?=\d)/, '') : tripId;
}

/** What a delete removes, in words: 'the update of train 103', 'the alert "Lift out of order"'. */
export function deletedThing(kind: 'trip_update' | 'alert', name: string): string {
  return kind === 'trip_update' ? `the update of train ${trainNumber(name)}` : `the alert "${name}"`;
}

/**
 * A platform as controllers say it: 'Cape Town Platform 3' and 'CAPE TOWN 3' → 'Platform 3'; a
 * name without a platform number stays as it is.
 */
export function platformLabel(name: string): string {
  const number = /platform\s*(\w+)/i.exec(name)?.[1] ?? /\s(\d+)$/.exec(name.trim())?.[1];
  return number ? `Platform ${number}` : name;
}

/**
 * A platform change as riders see it on the boards: "Platform 4, was 2" (names of the assigned and
 * the scheduled stop; a name without a platform number is said whole).
 */
export function platformChange(assignedName: string, scheduledName: string): string {
  const was = platformLabel(scheduledName);
  return `${platformLabel(assignedName)}, was ${was.startsWith('Platform ') ? was.slice('Platform '.length) : was}`;
}
