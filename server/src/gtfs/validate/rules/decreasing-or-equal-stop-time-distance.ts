import type { GtfsFeed } from '../../tables.ts';
import { isFloat } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { forEachTrip } from './trip-stop-times.ts';

/** shape_dist_traveled does not increase along a trip. GTFS reference, stop_times.shape_dist_traveled: values must increase along the trip. */
export const DECREASING_OR_EQUAL_STOP_TIME_DISTANCE: NoticeSpec = {
  code: 'decreasing_or_equal_stop_time_distance',
  severity: 'error',
  description: 'shape_dist_traveled does not increase from one stop of a trip to the next.',
};

export const codes = [DECREASING_OR_EQUAL_STOP_TIME_DISTANCE];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  if (!ctx.index.hasColumn('stop_times.txt', 'shape_dist_traveled')) return [];
  const [distance, stopId, sequence] = ['shape_dist_traveled', 'stop_id', 'stop_sequence'].map((f) =>
    ctx.index.column('stop_times.txt', f),
  );
  const notices: Notice[] = [];
  forEachTrip(ctx, (tripId, rows) => {
    let previous = -1;
    for (const row of rows) {
      const text = distance(row);
      if (!isFloat(text)) continue;
      // A stop served twice in a row (same stop_id) may keep the same distance.
      if (previous >= 0 && Number(text) <= Number(distance(previous))) {
        const same = Number(text) === Number(distance(previous)) && stopId(row) === stopId(previous);
        if (!same) notices.push(distanceNotice(tripId, row, previous, { distance, stopId, sequence }));
      }
      previous = row;
    }
  });
  return feed.has('stop_times.txt') ? notices : [];
}

type Columns = Record<'distance' | 'stopId' | 'sequence', (row: number) => string>;

function distanceNotice(tripId: string, row: number, previous: number, c: Columns): Notice {
  return notice(DECREASING_OR_EQUAL_STOP_TIME_DISTANCE, {
    filename: 'stop_times.txt',
    csvRowNumber: row + 2,
    tripId,
    stopId: c.stopId(row),
    shapeDistTraveled: Number(c.distance(row)),
    stopSequence: c.sequence(row),
    prevCsvRowNumber: previous + 2,
    prevShapeDistTraveled: Number(c.distance(previous)),
    prevStopSequence: c.sequence(previous),
  });
}
