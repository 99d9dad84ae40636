import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/**
 * A trip has fewer than two stop times, so nobody can ride it. MobilityData TripUsabilityValidator
 * (WARNING) counts `<= 1`, so a trip with no stop times is both unused_trip and unusable_trip.
 */
export const UNUSABLE_TRIP: NoticeSpec = {
  code: 'unusable_trip',
  severity: 'warning',
  description: 'A trip has fewer than two stop times, so it cannot carry passengers.',
};

export const codes = [UNUSABLE_TRIP];

export function check(_feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const byTrip = ctx.index.stopTimesByTrip();
  const notices: Notice[] = [];
  for (const [tripId, r] of ctx.index.rowsById('trips.txt', 'trip_id')) {
    if ((byTrip.get(tripId)?.length ?? 0) <= 1) {
      notices.push(notice(UNUSABLE_TRIP, { filename: 'trips.txt', csvRowNumber: r + 2, tripId }));
    }
  }
  return notices;
}
