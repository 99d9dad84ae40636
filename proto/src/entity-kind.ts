import type { transit_realtime } from './generated/gtfs-realtime.js';

export type EntityKind = 'trip_update' | 'alert' | 'vehicle' | 'other';

/** Which payload a FeedEntity carries; 'other' for shape, stop, trip modifications or none. */
export function entityKind(entity: transit_realtime.IFeedEntity): EntityKind {
  if (entity.tripUpdate) return 'trip_update';
  if (entity.alert) return 'alert';
  if (entity.vehicle) return 'vehicle';
  return 'other';
}
