import { readScheduledTrips, type ScheduleReadDeps } from '../schedule/read-schedule-view.ts';
import type { TimedCall } from './plan-replacement-bus.ts';

/**
 * The scheduled calls of some trips of the current schedule, in sequence order, by trip id, with
 * their timetabled times (service-day seconds; null for an untimed stop): a replacement bus keeps
 * the train's times. The trips as the schedule view reads them, once per version: a preview's
 * calls are there for its apply, and for the rule checks of both.
 */
export async function loadTripStops(
  deps: ScheduleReadDeps,
  tripIds: string[],
): Promise<Map<string, TimedCall[]>> {
  const trips = await readScheduledTrips(deps, tripIds);
  return new Map([...trips].map(([tripId, trip]) => [tripId, trip.stopTimes]));
}
