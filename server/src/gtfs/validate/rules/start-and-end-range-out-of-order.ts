import type { GtfsFeed } from '../../tables.ts';
import { parseDate, parseTime } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/**
 * A range ends before it starts: calendar start_date > end_date, feed_info feed_start_date >
 * feed_end_date, frequencies start_time > end_time. GTFS reference for each of those fields.
 */
export const START_AND_END_RANGE_OUT_OF_ORDER: NoticeSpec = {
  code: 'start_and_end_range_out_of_order',
  severity: 'error',
  description: 'A date or time range ends before it starts (e.g. calendar start_date after end_date).',
};

export const codes = [START_AND_END_RANGE_OUT_OF_ORDER];

const RANGES = [
  { filename: 'calendar.txt', id: 'service_id', start: 'start_date', end: 'end_date', parse: parseDate },
  { filename: 'feed_info.txt', id: '', start: 'feed_start_date', end: 'feed_end_date', parse: parseDate },
  { filename: 'frequencies.txt', id: 'trip_id', start: 'start_time', end: 'end_time', parse: parseTime },
];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  for (const { filename, id, start, end, parse } of RANGES) {
    const [entity, startOf, endOf] = [id, start, end].map((f) => ctx.index.column(filename, f));
    const rows = feed.get(filename)?.rows.length ?? 0;
    for (let r = 0; r < rows; r++) {
      const [startValue, endValue] = [startOf(r), endOf(r)];
      const [s, e] = [parse(startValue), parse(endValue)];
      if (s === undefined || e === undefined || s <= e) continue;
      notices.push(
        notice(START_AND_END_RANGE_OUT_OF_ORDER, {
          filename,
          csvRowNumber: r + 2,
          ...(id ? { entityId: entity(r) } : {}),
          startFieldName: start,
          startValue,
          endFieldName: end,
          endValue,
        }),
      );
    }
  }
  return notices;
}
