import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { forEachTrip, view } from './trip-stop-times.ts';

/** A trip's first or last stop time lacks arrival_time or departure_time. GTFS reference, stop_times.arrival_time: required for the first and last stop of a trip. */
export const MISSING_TRIP_EDGE: NoticeSpec = {
  code: 'missing_trip_edge',
  severity: 'error',
  description: 'The first or last stop of a trip has no arrival_time or no departure_time.',
};

export const codes = [MISSING_TRIP_EDGE];

export function check(_feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  const tripIdOf = ctx.index.column('stop_times.txt', 'trip_id');
  const sequence = ctx.index.column('stop_times.txt', 'stop_sequence');
  forEachTrip(ctx, (_tripId, rows) => {
    const edges = rows.length > 1 ? [rows[0], rows[rows.length - 1]] : rows;
    for (const row of edges) {
      const st = view(ctx, row);
      const base = {
        filename: 'stop_times.txt',
        csvRowNumber: row + 2,
        stopSequence: sequence(row),
        tripId: tripIdOf(row),
      };
      if (!st.hasArrival)
        notices.push(notice(MISSING_TRIP_EDGE, { ...base, specifiedField: 'arrival_time' }));
      if (!st.hasDeparture)
        notices.push(notice(MISSING_TRIP_EDGE, { ...base, specifiedField: 'departure_time' }));
    }
  });
  return notices;
}
