import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A trip has no stop times. GTFS Best Practices: remove unused trips (MobilityData, WARNING). */
export const UNUSED_TRIP: NoticeSpec = {
  code: 'unused_trip',
  severity: 'warning',
  description: 'A trip has no stop times.',
};

export const codes = [UNUSED_TRIP];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const byTrip = ctx.index.stopTimesByTrip();
  const notices: Notice[] = [];
  for (const [tripId, r] of ctx.index.rowsById('trips.txt', 'trip_id')) {
    if (!byTrip.has(tripId))
      notices.push(notice(UNUSED_TRIP, { filename: 'trips.txt', csvRowNumber: r + 2, tripId }));
  }
  return feed.has('trips.txt') ? notices : [];
}
