import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop sequence not in the trip: a stop_sequence that the trip's stop_times.txt does not have
 * (MobilityData E051, error). Unlike MobilityData, later updates are still checked after one miss.
 */
export const code = 'E051';
export const severity: Severity = 'error';

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const tripId = idOf(entity.tripUpdate?.trip, 'tripId');
  const trip = tripId === undefined ? undefined : ctx.schedule?.trip(tripId);
  if (!trip) return [];
  const sequences = new Set(trip.stopTimes.map((st) => st.stopSequence));
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    const sequence = own(stu, 'stopSequence');
    if (sequence === undefined || sequences.has(sequence)) return [];
    const message = `Trip ${tripId} has no stop_sequence ${sequence}; use the trip's stop sequences.`;
    return [report(stuField(i, 'stop_sequence'), message, { value: sequence, ...stopRef(stu) })];
  });
}
