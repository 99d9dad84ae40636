import type { FeedEntity } from '@feeddesk/proto';
import { idOf } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Trip update names no trip: it has no trip_id (docs/spec.md §5 "Trip update": "Your trip update can't be
 * empty."). The product identifies every trip by trip_id; MobilityData only warns (W006).
 */
export const code = 'empty_trip_update';
export const severity: Severity = 'error';
export const description = 'The trip update has no trip_id.';
export const sentence = () => "Your trip update can't be empty.";

export function check(entity: FeedEntity): FeedNotice[] {
  if (!entity.tripUpdate || idOf(entity.tripUpdate.trip, 'tripId') !== undefined) return [];
  return [reporter(code, severity, entity.id)('trip_update.trip.trip_id')];
}
