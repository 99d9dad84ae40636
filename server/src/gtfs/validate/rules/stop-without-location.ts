import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { locationTypes } from './stop-locations.ts';

/** A stop, station or entrance has no stop_lat or stop_lon. GTFS reference: required for location_type 0, 1 and 2. */
export const STOP_WITHOUT_LOCATION: NoticeSpec = {
  code: 'stop_without_location',
  severity: 'error',
  description: 'A stop, station or entrance (location_type 0, 1 or 2) has no stop_lat or stop_lon.',
};

export const codes = [STOP_WITHOUT_LOCATION];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [stopId, lat, lon] = ['stop_id', 'stop_lat', 'stop_lon'].map((f) => ctx.index.column('stops.txt', f));
  const notices: Notice[] = [];
  locationTypes(feed, ctx).forEach((locationType, r) => {
    if (locationType <= 2 && (lat(r) === '' || lon(r) === '')) {
      notices.push(
        notice(STOP_WITHOUT_LOCATION, {
          filename: 'stops.txt',
          csvRowNumber: r + 2,
          stopId: stopId(r),
          locationType,
        }),
      );
    }
  });
  return notices;
}
