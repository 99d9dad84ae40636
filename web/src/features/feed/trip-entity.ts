import { gtfsSeconds, zonedParts } from '../../lib/time.ts';
import type { StopTimeEventJson, StopTimeUpdateJson, TripUpdateEntity, TripUpdateInput } from './types.ts';

type StopTimeUpdateInput = NonNullable<TripUpdateInput['tripUpdate']['stopTimeUpdate']>[number];

/** One stop of the trip-update editor (docs/spec.md §3 "Editor additions"). */
export type StopRow = {
  stopSequence: number;
  stopId: string;
  stopName: string;
  arrival: string;
  newTime: string;
  onTime: boolean;
  /** Minutes added at this stop, as typed or derived from the new time; '' = no change. */
  delay: string;
  skip: boolean;
  /** Extra minutes standing at this stop (departure later than arrival); '' = none. */
  dwell: string;
  /** A platform change: the stop of the same station the train calls at instead; '' = as scheduled. */
  platform: string;
  /**
   * Who may use the stop: '' as scheduled, 'set_down' = set down only (no boarding:
   * pickup_type NONE), 'pick_up' = pick up only (no alighting: drop_off_type NONE).
   */
  restriction: StopRestriction;
};

export type StopRestriction = '' | 'set_down' | 'pick_up';

/** A short-turned train: it terminates at (or starts from) a stop, the others skipped. */
export type ShortTurn = { at: 'end' | 'start'; stopSequence: number } | null;

export type ScheduledStop = {
  stopSequence: number;
  stopId: string;
  stopName: string | null;
  arrival: string | null;
  departure: string | null;
};

export const EMPTY_TRIP_UPDATE = "Your trip update can't be empty.";

export function rowsFor(stops: ScheduledStop[]): StopRow[] {
  return stops.map((s) => ({
    stopSequence: s.stopSequence,
    stopId: s.stopId,
    stopName: s.stopName ?? s.stopId,
    // A stop with only a departure time is compared on that time.
    arrival: s.arrival ?? s.departure ?? '00:00:00',
    newTime: '',
    onTime: false,
    delay: '',
    skip: false,
    dwell: '',
    platform: '',
    restriction: '',
  }));
}

export function isChanged(row: StopRow): boolean {
  return (
    row.skip ||
    row.onTime ||
    row.delay.trim() !== '' ||
    minutes(row.dwell) !== 0 ||
    row.platform !== '' ||
    row.restriction !== ''
  );
}

const minutes = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : 0);

/**
 * docs/spec.md §4: the total delay accumulates down the stops; on time resets it to zero; a skipped
 * stop keeps the total of the stop before. Minutes, on arrival at each stop.
 */
export function totalDelays(rows: StopRow[]): number[] {
  return runningDelays(rows).map((d) => d.arrival);
}

/**
 * The train's delay on arrival at and on departure from each stop, in minutes: a longer stop
 * (dwell) makes the departure later than the arrival, and every later stop with it.
 */
export function runningDelays(rows: StopRow[]): { arrival: number; departure: number }[] {
  let total = 0;
  return rows.map((row) => {
    if (row.skip) return { arrival: total, departure: total };
    if (row.onTime) total = 0;
    else total += minutes(row.delay);
    const arrival = total;
    total += minutes(row.dwell);
    return { arrival, departure: total };
  });
}

/** Minutes between a new time 'HH:MM' and the scheduled 'HH:MM:SS' (which may pass 24:00). */
export function minutesLate(newTime: string, scheduled: string): number {
  const sched = gtfsSeconds(scheduled);
  let at = gtfsSeconds(`${newTime}:00`);
  while (at + 12 * 3600 < sched) at += 24 * 3600;
  return Math.round((at - sched) / 60);
}

/**
 * The entity sent to feed.saveTripUpdate. Each changed stop carries the train's delay there (the
 * running total, minutes × 60 = seconds, docs/spec.md §5), which is what GTFS-RT consumers read, on the
 * events the stop has: the first stop a departure only, the last an arrival only, the others an
 * arrival, and a departure too when the train stands longer (dwell). A skipped stop carries SKIPPED
 * only; a platform change its assigned_stop_id.
 */
export function buildTripUpdate(options: {
  id?: string;
  tripId: string;
  routeId?: string;
  /** The service date `YYYYMMDD`; absent = the trip's current run (the server fills it). */
  startDate?: string;
  cancelled: boolean;
  rows: StopRow[];
  /** The headsign riders see instead of the scheduled one (a short-turned train's new end). */
  tripHeadsign?: string;
}): TripUpdateInput {
  const delays = runningDelays(options.rows);
  const last = options.rows.length - 1;
  const stopTimeUpdate: StopTimeUpdateInput[] = options.cancelled
    ? []
    : options.rows.flatMap((row, i): StopTimeUpdateInput[] => {
        if (!isChanged(row)) return [];
        const base = { stopSequence: row.stopSequence, stopId: row.stopId };
        if (row.skip) return [{ ...base, scheduleRelationship: 'SKIPPED' }];
        const { arrival, departure } = delays[i]!;
        const event = (total: number) => ({ delay: Math.round(total * 60) });
        return [
          {
            ...base,
            ...(i > 0 ? { arrival: event(arrival) } : {}),
            ...(i === 0 || (i < last && departure !== arrival) ? { departure: event(departure) } : {}),
            ...stopProperties(row),
          },
        ];
      });
  return {
    ...(options.id ? { id: options.id } : {}),
    tripUpdate: {
      trip: {
        tripId: options.tripId,
        ...(options.routeId ? { routeId: options.routeId } : {}),
        ...(options.startDate ? { startDate: options.startDate } : {}),
        ...(options.cancelled ? { scheduleRelationship: 'CANCELED' } : {}),
      },
      ...(options.tripHeadsign && !options.cancelled
        ? { tripProperties: { tripHeadsign: options.tripHeadsign } }
        : {}),
      stopTimeUpdate,
    },
  };
}

/** The StopTimeProperties of a row: its platform change and who may board or leave there. */
function stopProperties(row: StopRow): Pick<StopTimeUpdateInput, 'stopTimeProperties'> {
  const properties = {
    ...(row.platform ? { assignedStopId: row.platform } : {}),
    ...(row.restriction === 'set_down' ? { pickupType: 'NONE' as const } : {}),
    ...(row.restriction === 'pick_up' ? { dropOffType: 'NONE' as const } : {}),
  };
  return Object.keys(properties).length > 0 ? { stopTimeProperties: properties } : {};
}

/** The restriction a saved stop time update carries (NONE for boarding = set down only). */
function restrictionOf(update: StopTimeUpdateJson): StopRestriction {
  const props = update.stopTimeProperties;
  if (props?.pickupType === 'NONE') return 'set_down';
  if (props?.dropOffType === 'NONE') return 'pick_up';
  return '';
}

/**
 * The rows with a short turn applied: the stops after the one it terminates at (before the one it
 * starts from) skipped, the others as the controller left them.
 */
export function withShortTurn(rows: StopRow[], turn: ShortTurn): StopRow[] {
  if (!turn) return rows;
  return rows.map((row) =>
    (turn.at === 'end' ? row.stopSequence > turn.stopSequence : row.stopSequence < turn.stopSequence)
      ? { ...row, skip: true }
      : row,
  );
}

/** The editor's rows for a saved entity (edit mode): the inverse of buildTripUpdate. */
export function applyEntity(rows: StopRow[], entity: TripUpdateEntity, timeZone: string): StopRow[] {
  const updates = new Map((entity.tripUpdate.stopTimeUpdate ?? []).map((u) => [u.stopSequence, u]));
  let previous = 0;
  return rows.map((row) => {
    const update = updates.get(row.stopSequence);
    if (!update) return row;
    if (update.scheduleRelationship === 'SKIPPED') return { ...row, skip: true };
    const base = withDeparture(row, update);
    let total: number | undefined;
    let newTime = '';
    const event = update.arrival ?? update.departure;
    if (event?.delay !== undefined) total = Math.round(event.delay / 60);
    else if (event?.time !== undefined) {
      const p = zonedParts(new Date(Number(event.time) * 1000), timeZone);
      newTime = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
      total = minutesLate(newTime, row.arrival);
    }
    if (total === undefined) return base;
    const next =
      total === 0 && !newTime
        ? { ...base, onTime: true, delay: '0' }
        : { ...base, newTime, delay: String(total - previous) };
    previous = total + minutes(base.dwell);
    return next;
  });
}

/** The dwell (departure delay beyond the arrival's) and the platform of a saved stop time update. */
function withDeparture(row: StopRow, update: StopTimeUpdateJson): StopRow {
  const [arrival, departure] = [update.arrival?.delay, update.departure?.delay];
  const dwell =
    arrival !== undefined && departure !== undefined && departure !== arrival
      ? String(Math.round((Number(departure) - Number(arrival)) / 60))
      : '';
  return {
    ...row,
    dwell,
    platform: update.stopTimeProperties?.assignedStopId ?? '',
    restriction: restrictionOf(update),
  };
}

/** The save input for an entity read from the feed list, with the cancel flag set or cleared. */
function event(e: StopTimeEventJson | undefined) {
  if (!e) return undefined;
  return {
    ...(e.delay !== undefined ? { delay: Number(e.delay) } : {}),
    ...(e.time !== undefined ? { time: Number(e.time) } : {}),
  };
}

export function withCancelled(entity: TripUpdateEntity, id: string, cancelled: boolean): TripUpdateInput {
  const { scheduleRelationship: kept, ...trip } = entity.tripUpdate.trip;
  const extra = kept === 'DUPLICATED';
  const { tripId, startDate, startTime } = entity.tripUpdate.tripProperties ?? {};
  const tripProperties = extra ? { tripId, startDate, startTime } : undefined;
  const tripHeadsign = entity.tripUpdate.tripProperties?.tripHeadsign;
  const headsign = tripHeadsign ? { tripHeadsign } : undefined;
  return {
    id,
    tripUpdate: {
      // An extra train is not cancelled but deleted: it stays DUPLICATED. A new or replacement
      // train saved uncancelled stays what it is (the server removes a new train cancelled).
      trip: {
        ...trip,
        ...(extra
          ? { scheduleRelationship: 'DUPLICATED' }
          : cancelled
            ? { scheduleRelationship: 'CANCELED' }
            : kept && kept !== 'CANCELED' && kept !== 'SCHEDULED'
              ? { scheduleRelationship: kept }
              : {}),
      },
      stopTimeUpdate: (entity.tripUpdate.stopTimeUpdate ?? []).map((u) => ({
        ...(u.stopSequence !== undefined ? { stopSequence: u.stopSequence } : {}),
        ...(u.stopId ? { stopId: u.stopId } : {}),
        ...(u.arrival ? { arrival: event(u.arrival) } : {}),
        ...(u.departure ? { departure: event(u.departure) } : {}),
        ...(u.scheduleRelationship === 'SKIPPED' ? { scheduleRelationship: 'SKIPPED' } : {}),
        ...(u.stopTimeProperties ? { stopTimeProperties: keptProperties(u.stopTimeProperties) } : {}),
      })),
      // An extra train stays one: its new trip id, date and start travel with it; a headsign stays.
      ...(tripProperties || headsign ? { tripProperties: { ...tripProperties, ...headsign } } : {}),
    },
  };
}

/** The StopTimeProperties of a saved update as the save input takes them (names kept, nulls dropped). */
function keptProperties(props: NonNullable<StopTimeUpdateJson['stopTimeProperties']>) {
  return {
    ...(props.assignedStopId ? { assignedStopId: props.assignedStopId } : {}),
    ...(props.stopHeadsign ? { stopHeadsign: props.stopHeadsign } : {}),
    ...(props.pickupType ? { pickupType: props.pickupType } : {}),
    ...(props.dropOffType ? { dropOffType: props.dropOffType } : {}),
  };
}
