import type { FeedEntity } from '@feeddesk/proto';
import { parseGtfsTime } from '../../schedule/time/gtfs-time.ts';
import type { ScheduledTrip, ScheduleView } from './context.ts';
import { duplicateOf, idOf, isReplacementTrip } from './fields.ts';

/**
 * Where the stop times of a trip update's run are counted from: the service day start of its
 * date, and the seconds its schedule is shifted by. A DUPLICATED trip runs the original's stop
 * times moved by the difference between its TripProperties.start_time and the original's first
 * departure, on TripProperties.start_date (GTFS-RT reference, TripProperties.start_time); any
 * other trip runs its own schedule on trip.start_date (or its current run), unshifted.
 */
export function runOf(
  entity: FeedEntity,
  view: ScheduleView | null | undefined,
): { trip: ScheduledTrip; dayStart: number | undefined; shiftSecs: number } | undefined {
  const descriptor = entity.tripUpdate?.trip;
  const tripId = idOf(descriptor, 'tripId');
  const trip = tripId === undefined ? undefined : view?.trip(tripId);
  // A REPLACEMENT trip runs its own journey: the schedule's stop times are not its run.
  if (!trip || !view || tripId === undefined || isReplacementTrip(descriptor)) return undefined;
  const duplicate = duplicateOf(entity);
  if (!duplicate) {
    return { trip, dayStart: view.serviceDayStart?.(tripId, idOf(descriptor, 'startDate')), shiftSecs: 0 };
  }
  const start = duplicate.startTime === undefined ? null : parseGtfsTime(duplicate.startTime);
  const first = trip.stopTimes[0];
  const firstSecs = first?.departureSecs ?? first?.arrivalSecs;
  // Without a valid date or start time the run cannot be placed (the rules say which is missing).
  if (start === null || firstSecs == null || duplicate.startDate === undefined) {
    return { trip, dayStart: undefined, shiftSecs: 0 };
  }
  return {
    trip,
    dayStart: view.serviceDayStart?.(tripId, duplicate.startDate),
    shiftSecs: start - firstSecs,
  };
}
