import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isExtraTrip, tripDescriptors } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Trip not in the schedule: a trip_id that the GTFS does not have (MobilityData E003, error),
 * unless the trip is ADDED or, per the newer spec, NEW.
 */
export const code = 'E003';
export const severity: Severity = 'error';
export const description = "A trip_id is not in the schedule's trips.txt.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.value} is not in the schedule; pick a scheduled trip or load the schedule that has it.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const report = reporter(code, severity, entity.id);
  return tripDescriptors(entity).flatMap(({ field, trip }) => {
    const tripId = idOf(trip, 'tripId');
    if (tripId === undefined || isExtraTrip(trip) || schedule.trip(tripId)) return [];
    return [report(`${field}.trip_id`, { value: tripId })];
  });
}
