import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { forEachTrip, formatTime, isValidTime } from './trip-stop-times.ts';

/** A stop is reached before the previous stop is left. GTFS reference, stop_times: times must not go backwards along a trip. */
export const STOP_TIME_WITH_ARRIVAL_BEFORE_PREVIOUS_DEPARTURE_TIME: NoticeSpec = {
  code: 'stop_time_with_arrival_before_previous_departure_time',
  severity: 'error',
  description: 'A stop is reached before the previous stop of the trip is left (time goes backwards).',
};

/** A stop time departs before it arrives. GTFS reference, stop_times.departure_time. */
export const STOP_TIME_WITH_DEPARTURE_BEFORE_ARRIVAL_TIME: NoticeSpec = {
  code: 'stop_time_with_departure_before_arrival_time',
  severity: 'error',
  description: 'A stop time has departure_time before arrival_time.',
};

export const codes = [
  STOP_TIME_WITH_ARRIVAL_BEFORE_PREVIOUS_DEPARTURE_TIME,
  STOP_TIME_WITH_DEPARTURE_BEFORE_ARRIVAL_TIME,
];

/** One pass over each trip's stop times, as gtfs-validator's StopTimeArrivalAndDepartureTimeValidator. */
export function check(_feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const { arrival, departure } = ctx.index.stopTimeSeconds();
  const sequence = ctx.index.column('stop_times.txt', 'stop_sequence');
  const notices: Notice[] = [];
  forEachTrip(ctx, (tripId, rows) => {
    let previous = -1;
    for (const row of rows) {
      const [a, d] = [arrival(row), departure(row)];
      const base = { filename: 'stop_times.txt', csvRowNumber: row + 2, tripId };
      if (isValidTime(a) && previous >= 0 && a < departure(previous)) {
        notices.push(
          notice(STOP_TIME_WITH_ARRIVAL_BEFORE_PREVIOUS_DEPARTURE_TIME, {
            ...base,
            prevCsvRowNumber: previous + 2,
            departureTime: formatTime(departure(previous)),
            arrivalTime: formatTime(a),
          }),
        );
      }
      if (isValidTime(a) && isValidTime(d) && d < a) {
        const times = { arrivalTime: formatTime(a), departureTime: formatTime(d) };
        notices.push(
          notice(STOP_TIME_WITH_DEPARTURE_BEFORE_ARRIVAL_TIME, {
            ...base,
            stopSequence: sequence(row),
            ...times,
          }),
        );
      }
      if (isValidTime(d)) previous = row;
    }
  });
  return notices;
}
