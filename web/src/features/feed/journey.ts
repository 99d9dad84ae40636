import { gtfsSeconds, zonedParts, zonedToPosix } from '../../lib/time.ts';
import { dashed } from './extra-train.ts';
import type { ScheduledStop } from './trip-entity.ts';
import type { TripUpdateEntity, TripUpdateInput } from './types.ts';

/** One call of a whole journey as the controller types it: the stop and its times ('HH:MM'). */
export type JourneyStop = { stopId: string; arrival: string; departure: string };

/** NEW: a train of its own; REPLACEMENT: a scheduled train re-timed or diverted. */
export type JourneyKind = 'NEW' | 'REPLACEMENT';

/** True for a trip update that gives a whole journey (a new train or a replacement). */
export const isJourney = (entity: Pick<TripUpdateEntity, 'tripUpdate'> | undefined) =>
  ['NEW', 'REPLACEMENT'].includes(entity?.tripUpdate?.trip?.scheduleRelationship ?? '');

/** A new train's trip id: the date and first departure, never a scheduled trip's id. */
export const newTripId = (date: string, departure: string) =>
  `new-${date}-${departure.replace(':', '').slice(0, 4)}`;

/** The scheduled stops of a trip as a journey to change (a replacement starts from them). */
export function journeyOf(stops: ScheduledStop[]): JourneyStop[] {
  const clock = (time: string | null) => (time ? time.slice(0, 5) : '');
  return stops.map((s) => ({
    stopId: s.stopId,
    arrival: clock(s.arrival ?? s.departure),
    departure: clock(s.departure ?? s.arrival),
  }));
}

/**
 * The NEW or REPLACEMENT trip update of a journey: every stop with its stop_sequence (1, 2, …),
 * stop_id, arrival and departure as POSIX seconds (GTFS-RT reference, NEW). A time earlier than
 * the one before it is taken as past midnight; a blank departure is the arrival and vice versa.
 */
export function buildJourney(options: {
  id?: string;
  kind: JourneyKind;
  tripId: string;
  routeId?: string;
  /** 'YYYYMMDD' */
  date: string;
  stops: JourneyStop[];
  timeZone: string;
}): TripUpdateInput {
  const dayStart = zonedToPosix(dashed(options.date), '12:00', options.timeZone) - 43_200;
  let previous = 0;
  const secs = (time: string) => {
    let at = gtfsSeconds(`${time}:00`);
    while (at < previous - 12 * 3600) at += 86_400;
    previous = at;
    return dayStart + at;
  };
  return {
    ...(options.id ? { id: options.id } : {}),
    tripUpdate: {
      trip: {
        tripId: options.tripId,
        ...(options.routeId ? { routeId: options.routeId } : {}),
        startDate: options.date,
        scheduleRelationship: options.kind,
      },
      stopTimeUpdate: options.stops.map((s, i) => {
        const arrival = secs(s.arrival || s.departure);
        const departure = secs(s.departure || s.arrival);
        return {
          stopSequence: i + 1,
          stopId: s.stopId,
          arrival: { time: arrival },
          departure: { time: departure },
        };
      }),
    },
  };
}

/** The journey of a saved NEW or REPLACEMENT trip update, its times as local 'HH:MM'. */
export function savedJourney(entity: TripUpdateEntity, timeZone: string): JourneyStop[] {
  const clock = (time: number | string | undefined | null) => {
    if (time === undefined || time === null) return '';
    const p = zonedParts(new Date(Number(time) * 1000), timeZone);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  return (entity.tripUpdate.stopTimeUpdate ?? []).map((u) => ({
    stopId: u.stopId ?? '',
    arrival: clock(u.arrival?.time),
    departure: clock(u.departure?.time),
  }));
}
