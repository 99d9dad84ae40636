import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isExtraTrip } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle's trip does not run on its start_date: the trip's service is not active that day
 * (calendar.txt, calendar_dates.txt), so the descriptor names no trip instance (GTFS-RT reference,
 * TripDescriptor.start_date). Error. A position without start_date is checked on its current run's
 * date, which the save fills in. Trips unknown to the schedule are left to E003.
 */
export const code = 'vehicle_trip_not_running';
export const severity: Severity = 'error';
export const description = "A vehicle's trip does not run on its start_date.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.tripId} does not run on ${n.value}; give the trip the train runs today.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const trip = entity.vehicle?.trip;
  const tripId = idOf(trip, 'tripId');
  const startDate = idOf(trip, 'startDate');
  const runsOn = ctx.schedule?.runsOn;
  // A malformed date is not a date this rule can judge (and the calendar lookup wants YYYYMMDD).
  if (
    !tripId ||
    !startDate ||
    !/^\d{8}$/.test(startDate) ||
    !runsOn ||
    !ctx.schedule?.trip(tripId) ||
    isExtraTrip(trip)
  )
    return [];
  if (runsOn(tripId, startDate)) return [];
  return [reporter(code, severity, entity.id)('vehicle.trip.start_date', { value: startDate, tripId })];
}
