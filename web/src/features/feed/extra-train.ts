import { gtfsSeconds, zonedToPosix } from '../../lib/time.ts';
import type { ScheduledStop } from './trip-entity.ts';
import type { TripUpdateEntity, TripUpdateInput } from './types.ts';

/**
 * One stop of an extra train: its time in the original (departure at the first stop, else arrival)
 * and the copy's shifted arrival and departure, GTFS seconds.
 */
export type ExtraStop = {
  stopSequence: number;
  stopId: string;
  stopName: string;
  scheduled: number;
  arrival: number;
  departure: number;
};

/** 'YYYYMMDD' ↔ 'YYYY-MM-DD' (the date input's value). */
export const dashed = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;

/** The id of an extra train: the original's, then the date and start (unique; never a scheduled id). */
export const extraTripId = (tripId: string, date: string, startTime: string) =>
  `${tripId}-extra-${date}-${startTime.replace(':', '').slice(0, 4)}`;

/** True for an extra train: a copy of a scheduled trip at another date or start (GTFS-RT DUPLICATED). */
export const isExtraTrain = (entity: Pick<TripUpdateEntity, 'tripUpdate'> | undefined) =>
  entity?.tripUpdate?.trip?.scheduleRelationship === 'DUPLICATED';

/**
 * The stops of the original trip shifted to start at `startTime` ('HH:MM'): every time moves by
 * the difference between the new start and the original's first departure (GTFS-RT reference,
 * TripProperties.start_time).
 */
export function shiftedStops(stops: ScheduledStop[], startTime: string): ExtraStop[] {
  const secs = (time: string | null, other: string | null) => gtfsSeconds(time ?? other ?? '00:00:00');
  const first = stops[0] ? secs(stops[0].departure, stops[0].arrival) : 0;
  const shift = gtfsSeconds(`${startTime}:00`) - first;
  return stops.map((s, i) => ({
    stopSequence: s.stopSequence,
    stopId: s.stopId,
    stopName: s.stopName ?? s.stopId,
    scheduled: i === 0 ? first : secs(s.arrival, s.departure),
    arrival: secs(s.arrival, s.departure) + shift,
    departure: secs(s.departure, s.arrival) + shift,
  }));
}

/**
 * The DUPLICATED trip update of an extra train: the original trip in the descriptor, the new trip
 * id, service date and start in TripProperties, and the shifted times as POSIX seconds, so a
 * consumer that does not shift by itself still has them: the first stop a departure, the last an
 * arrival, the others both.
 */
export function buildExtraTrain(options: {
  id?: string;
  tripId: string;
  routeId?: string;
  /** 'YYYYMMDD' */
  date: string;
  /** 'HH:MM' */
  startTime: string;
  newTripId: string;
  stops: ScheduledStop[];
  timeZone: string;
}): TripUpdateInput {
  // GTFS times count from noon minus 12 h of the service day (the same on days without a DST change).
  const dayStart = zonedToPosix(dashed(options.date), '12:00', options.timeZone) - 43_200;
  const shifted = shiftedStops(options.stops, options.startTime);
  const last = shifted.length - 1;
  return {
    ...(options.id ? { id: options.id } : {}),
    tripUpdate: {
      trip: {
        tripId: options.tripId,
        ...(options.routeId ? { routeId: options.routeId } : {}),
        scheduleRelationship: 'DUPLICATED',
      },
      tripProperties: {
        tripId: options.newTripId,
        startDate: options.date,
        startTime: `${options.startTime}:00`,
      },
      stopTimeUpdate: shifted.map((s, i) => ({
        stopSequence: s.stopSequence,
        stopId: s.stopId,
        ...(i > 0 ? { arrival: { time: dayStart + s.arrival } } : {}),
        ...(i < last ? { departure: { time: dayStart + s.departure } } : {}),
      })),
    },
  };
}
