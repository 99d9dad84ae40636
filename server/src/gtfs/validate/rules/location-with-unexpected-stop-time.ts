import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { locationTypes } from './stop-locations.ts';

/**
 * A stop time refers to a station, entrance, node or boarding area. GTFS reference,
 * stop_times.stop_id: it must be a stop or platform (location_type 0 or empty).
 */
export const LOCATION_WITH_UNEXPECTED_STOP_TIME: NoticeSpec = {
  code: 'location_with_unexpected_stop_time',
  severity: 'error',
  description: 'A stop time refers to a location that is not a stop or platform (e.g. a station).',
};

export const codes = [LOCATION_WITH_UNEXPECTED_STOP_TIME];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const types = locationTypes(feed, ctx);
  const rowOf = ctx.index.rowsById('stops.txt', 'stop_id');
  const stopName = ctx.index.column('stops.txt', 'stop_name');
  const stopIdOf = ctx.index.column('stop_times.txt', 'stop_id');
  const notices: Notice[] = [];
  const rows = feed.get('stop_times.txt')?.rows.length ?? 0;
  for (let r = 0; r < rows; r++) {
    const stopId = stopIdOf(r);
    const s = rowOf.get(stopId);
    if (s === undefined || types[s] === 0) continue;
    notices.push(
      notice(LOCATION_WITH_UNEXPECTED_STOP_TIME, {
        filename: 'stops.txt',
        csvRowNumber: s + 2,
        stopId,
        stopName: stopName(s),
        stopTimeCsvRowNumber: r + 2,
      }),
    );
  }
  return notices;
}
