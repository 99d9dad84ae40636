import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A stop time has arrival_time without departure_time or the reverse. GTFS reference, stop_times: both or neither. */
export const STOP_TIME_WITH_ONLY_ARRIVAL_OR_DEPARTURE_TIME: NoticeSpec = {
  code: 'stop_time_with_only_arrival_or_departure_time',
  severity: 'error',
  description: 'A stop time has only one of arrival_time and departure_time; give both or neither.',
};

export const codes = [STOP_TIME_WITH_ONLY_ARRIVAL_OR_DEPARTURE_TIME];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const [tripId, sequence, arrival, departure] = [
    'trip_id',
    'stop_sequence',
    'arrival_time',
    'departure_time',
  ].map((f) => ctx.index.column('stop_times.txt', f));
  const notices: Notice[] = [];
  const rows = feed.get('stop_times.txt')?.rows.length ?? 0;
  for (let r = 0; r < rows; r++) {
    const [hasArrival, hasDeparture] = [arrival(r) !== '', departure(r) !== ''];
    if (hasArrival === hasDeparture) continue;
    notices.push(
      notice(STOP_TIME_WITH_ONLY_ARRIVAL_OR_DEPARTURE_TIME, {
        filename: 'stop_times.txt',
        csvRowNumber: r + 2,
        tripId: tripId(r),
        stopSequence: sequence(r),
        specifiedField: hasArrival ? 'arrival_time' : 'departure_time',
      }),
    );
  }
  return notices;
}
