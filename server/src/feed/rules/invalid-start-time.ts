import type { FeedEntity } from '@feeddesk/proto';
import { parseGtfsTime } from '../../schedule/time/gtfs-time.ts';
import type { FeedRuleContext } from './context.ts';
import { idOf, tripDescriptors } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A start_time is not a time: trip.start_time and TripProperties.start_time are GTFS times
 * `HH:MM:SS`, hours may pass 24 (MobilityData E020, error; GTFS-RT reference, TripDescriptor.start_time).
 */
export const code = 'E020';
export const severity: Severity = 'error';
export const description = 'A start_time is not in HH:MM:SS format.';
export const sentence = (n: FeedNotice) =>
  `Start time "${n.value}" is not a time; write it as HH:MM:SS, e.g. 09:30:00 (past midnight: 24:30:00).`;

export function check(entity: FeedEntity, _ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const times = tripDescriptors(entity).map(({ field, trip }) => ({
    field: `${field}.start_time`,
    value: idOf(trip, 'startTime'),
  }));
  times.push({
    field: 'trip_update.trip_properties.start_time',
    value: idOf(entity.tripUpdate?.tripProperties, 'startTime'),
  });
  return times.flatMap(({ field, value }) =>
    value === undefined || parseGtfsTime(value) !== null ? [] : [report(field, { value })],
  );
}
