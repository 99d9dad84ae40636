import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isReplacementTrip, own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop sequence not in the trip: a stop_sequence that the trip's stop_times.txt does not have
 * (MobilityData E051, error). Unlike MobilityData, later updates are still checked after one miss.
 * A REPLACEMENT trip gives its own journey: its stop sequences are its own.
 */
export const code = 'E051';
export const severity: Severity = 'error';
export const description = "A stop_sequence is not in the trip's stop_times.txt.";
export const sentence = (n: FeedNotice) =>
  `Trip ${n.tripId} has no stop_sequence ${n.value}; use the trip's stop sequences.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const tripId = idOf(entity.tripUpdate?.trip, 'tripId');
  const trip = tripId === undefined ? undefined : ctx.schedule?.trip(tripId);
  if (!trip || isReplacementTrip(entity.tripUpdate?.trip)) return [];
  const sequences = new Set(trip.stopTimes.map((st) => st.stopSequence));
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    const sequence = own(stu, 'stopSequence');
    if (sequence === undefined || sequences.has(sequence)) return [];
    return [report(stuField(i, 'stop_sequence'), { value: sequence, ...stopRef(stu), tripId })];
  });
}
