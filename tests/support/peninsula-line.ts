import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { makeFeed } from '@feeddesk/server/schedule/test-support/make-feed';

/**
 * A Caltrain-like local line in America/Los_Angeles (as seen on Caltrain's timetable):
 * northbound trains 301, 303, 305 and 307 leave Gilroy (GIL) half-hourly from 06:29 on weekdays
 * and call at San Martin (+9 min), Morgan Hill (+15), San Jose Diridon (+40), Hayward Park (+80)
 * and San Francisco (+105). Train 305 leaves Gilroy at 07:29 and reaches San Martin at 07:38.
 */
export const PENINSULA_ZONE = 'America/Los_Angeles';
export const PENINSULA_STOPS = [
  ['GIL', 'Gilroy', 0],
  ['SMN', 'San Martin', 9],
  ['MHL', 'Morgan Hill', 15],
  ['SJD', 'San Jose Diridon', 40],
  ['HWP', 'Hayward Park', 80],
  ['SFC', 'San Francisco', 105],
] as const;
export const PENINSULA_TRAINS = [
  ['301', 6 * 60 + 29],
  ['303', 6 * 60 + 59],
  ['305', 7 * 60 + 29],
  ['307', 7 * 60 + 59],
] as const;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

export function peninsulaLine() {
  return makeFeed({
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nPCJ,Peninsula Rail,https://example.org,${PENINSULA_ZONE}`,
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nLOC,PCJ,L,Local,2',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon',
      ...PENINSULA_STOPS.map(([id, name], i) => `${id},${name},${37 + i * 0.1},${-121.6 - i * 0.1}`),
    ].join('\n'),
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20250101,20261231',
    'trips.txt': [
      'route_id,service_id,trip_id,trip_short_name,direction_id',
      ...PENINSULA_TRAINS.map(([train]) => `LOC,WD,${train},${train},0`),
    ].join('\n'),
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...PENINSULA_TRAINS.flatMap(([train, leaves]) =>
        PENINSULA_STOPS.map(
          ([stop, , after], i) =>
            `${train},${clock(leaves + after)},${clock(leaves + after)},${stop},${i + 1}`,
        ),
      ),
    ].join('\n'),
  });
}

/** A local time of Tuesday 23 September 2025 on the line (PDT, UTC−7). */
export const pdt = (hhmm: string) => new Date(`2025-09-23T${hhmm}:00-07:00`);

/** Makes the peninsula line the current schedule of a test app, as an uploaded zip would. */
export function storePeninsulaLine(deps: Parameters<typeof storeScheduleVersion>[0]) {
  return storeScheduleVersion(deps, {
    feed: peninsulaLine(),
    sourceKind: 'zip',
    sourceName: 'peninsula.zip',
    uploadedBy: null,
    jobId: null,
  });
}
