import type { FeedEntity } from '@feeddesk/proto';
import { isCancelled, stopTimeUpdates } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Trip update without stop time updates: "unless a trip's schedule_relationship is CANCELED, a trip
 * must have at least one stop_time_update" (MobilityData E041, error). Deviation: DELETED, added to
 * the spec later with the same meaning for this purpose, is exempt too.
 */
export const code = 'E041';
export const severity: Severity = 'error';
export const description = 'A trip update that is not cancelled has no stop time updates.';
export const sentence = () =>
  'The trip update has no stop time updates; change at least one stop or cancel the trip.';

export function check(entity: FeedEntity): FeedNotice[] {
  const tripUpdate = entity.tripUpdate;
  if (!tripUpdate || isCancelled(tripUpdate.trip) || stopTimeUpdates(entity).length > 0) return [];
  return [reporter(code, severity, entity.id)('trip_update.stop_time_update')];
}
