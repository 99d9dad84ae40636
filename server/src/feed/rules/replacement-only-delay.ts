import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isReplacementTrip, stopTimeUpdates } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A REPLACEMENT trip calls at the very stops of its scheduled trip, in the same order: it only
 * moves the times, which is a delay (docs/contract-notes.md "New and replacement trips"). Error:
 * consumers that do not read REPLACEMENT (most) would drop a train that merely runs late.
 */
export const code = 'replacement_only_delay';
export const severity: Severity = 'error';
export const description = 'A REPLACEMENT trip calls at the same stops as in the schedule: a delay.';
export const sentence = (n: FeedNotice) =>
  `Trip ${n.value} calls at the same stops as in the schedule; that is a delay: send it as delays of the scheduled trip, not as a REPLACEMENT.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const trip = entity.tripUpdate?.trip;
  const tripId = idOf(trip, 'tripId');
  const scheduled = tripId === undefined ? undefined : ctx.schedule?.trip(tripId);
  if (!scheduled || !isReplacementTrip(trip)) return [];
  const given = stopTimeUpdates(entity).map((stu) => idOf(stu, 'stopId'));
  const planned = scheduled.stopTimes.map((st) => st.stopId);
  if (given.length !== planned.length || given.some((id, i) => id !== planned[i])) return [];
  return [reporter(code, severity, entity.id)('trip_update.trip.schedule_relationship', { value: tripId })];
}
