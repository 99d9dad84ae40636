import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle stop is not a stop of its trip: its stop_id is not called at by the trip, or not at the
 * given current_stop_sequence (GTFS-RT reference: current_stop_sequence and stop_id identify the
 * trip's stop; MobilityData E045 makes the same call for stop time updates). Error. Another platform
 * of the same station (parent_station) is the trip's stop too: a train moved to platform 4 names
 * platform 4 (StopTimeProperties.assigned_stop_id; which platform its trip update assigns is
 * vehicle_platform_not_assigned's, docs/contract-notes.md "Consistency findings"). Stops unknown to
 * the schedule are left to E011, sequences unknown to the trip to vehicle_stop_sequence_not_in_trip.
 */
export const code = 'vehicle_stop_not_in_trip';
export const severity: Severity = 'error';
export const description = "A vehicle's stop_id is not a stop of its trip.";
export const sentence = (n: FeedNotice) =>
  n.expectedStopId
    ? `Trip ${n.tripId} calls at stop ${n.expectedStopId} at stop_sequence ${n.stopSequence}, not at ${n.value}; give the stop of that sequence.`
    : `Trip ${n.tripId} does not call at stop ${n.value}; give a stop of the trip.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const vehicle = entity.vehicle;
  const stopId = idOf(vehicle, 'stopId');
  const tripId = idOf(vehicle?.trip, 'tripId');
  const trip = tripId === undefined ? undefined : ctx.schedule?.trip(tripId);
  if (!trip || stopId === undefined || !ctx.schedule?.hasStop(stopId)) return [];
  const report = reporter(code, severity, entity.id);
  const sequence = own(vehicle, 'currentStopSequence');
  const station = ctx.schedule.stationOf?.(stopId);
  const samePlace = (scheduled: string) =>
    scheduled === stopId || (station !== undefined && ctx.schedule?.stationOf?.(scheduled) === station);
  const atSequence = trip.stopTimes.find((st) => st.stopSequence === sequence);
  if (atSequence) {
    if (samePlace(atSequence.stopId)) return [];
    return [
      report('vehicle.stop_id', {
        value: stopId,
        tripId,
        stopSequence: sequence,
        expectedStopId: atSequence.stopId,
      }),
    ];
  }
  if (trip.stopTimes.some((st) => samePlace(st.stopId))) return [];
  return [report('vehicle.stop_id', { value: stopId, tripId })];
}
