import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { locationTypes } from './stop-locations.ts';

/** A stop, station or entrance has no stop_name. GTFS reference, stops.stop_name: required for location_type 0, 1 and 2. */
export const MISSING_STOP_NAME: NoticeSpec = {
  code: 'missing_stop_name',
  severity: 'error',
  description: 'A stop, station or entrance (location_type 0, 1 or 2) has no stop_name.',
};

export const codes = [MISSING_STOP_NAME];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [stopId, name] = ['stop_id', 'stop_name'].map((f) => ctx.index.column('stops.txt', f));
  const types = locationTypes(feed, ctx);
  const notices: Notice[] = [];
  types.forEach((type, r) => {
    if (type <= 2 && name(r) === '') {
      notices.push(
        notice(MISSING_STOP_NAME, { filename: 'stops.txt', csvRowNumber: r + 2, stopId: stopId(r) }),
      );
    }
  });
  return notices;
}
