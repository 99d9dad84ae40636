import type { FeedEntity } from '@feeddesk/proto';
import { isServiceDate } from '../../schedule/time/service-day.ts';
import type { FeedRuleContext } from './context.ts';
import { idOf, tripDescriptors } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A start_date is not a date: trip.start_date and TripProperties.start_date are `YYYYMMDD`
 * (MobilityData E021, error; GTFS-RT reference, TripDescriptor.start_date).
 */
export const code = 'E021';
export const severity: Severity = 'error';
export const description = 'A start_date is not a date in YYYYMMDD format.';
export const sentence = (n: FeedNotice) =>
  `Start date "${n.value}" is not a date; write it as YYYYMMDD, e.g. 20250924.`;

export function check(entity: FeedEntity, _ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const dates = tripDescriptors(entity).map(({ field, trip }) => ({
    field: `${field}.start_date`,
    value: idOf(trip, 'startDate'),
  }));
  dates.push({
    field: 'trip_update.trip_properties.start_date',
    value: idOf(entity.tripUpdate?.tripProperties, 'startDate'),
  });
  return dates.flatMap(({ field, value }) =>
    value === undefined || isServiceDate(value) ? [] : [report(field, { value })],
  );
}
