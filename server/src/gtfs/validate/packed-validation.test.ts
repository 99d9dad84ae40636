import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packedRows } from '../packed-rows.ts';
import { readGtfsZip } from '../read-zip.ts';
import type { GtfsFeed } from '../tables.ts';
import { sharedDataDir } from './test-support/load-zip.ts';
import { validateFeed } from './validate-feed.ts';

const now = new Date('2026-06-01T12:00:00Z');

/** The same feed with every table's rows as plain arrays of strings (as before packing). */
function unpacked(feed: GtfsFeed): GtfsFeed {
  return new Map(
    [...feed].map(([name, table]) => [name, { ...table, rows: [...table.rows].map((r) => [...r]) }]),
  );
}

function expectSameNotices(zip: Uint8Array): ReturnType<typeof validateFeed> {
  const { feed } = readGtfsZip(zip);
  const stopTimes = feed.get('stop_times.txt');
  if (stopTimes) expect(packedRows(stopTimes.rows)).toBeDefined();
  const packed = validateFeed(feed, { now });
  expect(packed).toEqual(validateFeed(unpacked(feed), { now }));
  return packed;
}

/** Stop times with the faults the stop-time rules look for: empty, malformed and backward times, a repeated sequence, an unknown stop, padding. */
const faultyStopTimes = [
  'trip_id,arrival_time,departure_time,stop_id,stop_sequence,shape_dist_traveled',
  'T1,08:00:00,08:00:00,A,1,0',
  'T1,08:10:00,,B,2,5',
  'T1,07:59:00,08:20:00,C,3,4',
  'T1,8:3x:00,08:40:00,Z,3,6',
  ' T2 ,09:00:00,09:00:00,A,1,',
  'T2,,,B,2,',
  'T2,09:30:00,09:20:00,STATION,3,',
  'T3,10:00:00,10:00:00,A,01,',
  '',
].join('\n');

describe('validation over packed stop times', () => {
  it('gives the same notices, row numbers and values as over rows of strings (stop-time faults)', () => {
    const result = expectSameNotices(
      zipSync({
        'agency.txt': strToU8(
          'agency_name,agency_url,agency_timezone\nRail,https://example.org,Europe/Madrid\n',
        ),
        'routes.txt': strToU8('route_id,route_short_name,route_type\nR,C1,2\n'),
        'stops.txt': strToU8(
          'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\nSTATION,Central,40.4,-3.7,1,\nA,A,40.41,-3.71,0,STATION\nB,B,40.5,-3.6,0,\nC,C,41.5,-2.6,0,\n',
        ),
        'calendar.txt': strToU8(
          'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20261231\n',
        ),
        'trips.txt': strToU8('route_id,service_id,trip_id\nR,S,T1\nR,S,T2\nR,S,T3\nR,S,T4\n'),
        'stop_times.txt': strToU8(faultyStopTimes),
      }),
    );
    const codes = new Set(result.notices.map((n) => n.code));
    for (const code of [
      'invalid_time',
      'duplicate_key',
      'foreign_key_violation',
      'stop_time_with_only_arrival_or_departure_time',
      'leading_or_trailing_whitespaces',
      'location_with_unexpected_stop_time',
    ])
      expect(codes, code).toContain(code);
  });

  const dir = sharedDataDir();
  it
    .skipIf(!dir)
    .each([
      'gtfs/edge-cases/example-errors.zip',
      'gtfs/edge-cases/badgtfs.zip',
      'original/gtfs.zip',
      'gtfs/caltrain-20160406.zip',
      'gtfs/google-sample-feed-1.zip',
    ])('gives the same notices as over rows of strings: %s', (file) => {
    expectSameNotices(readFileSync(join(dir!, file)));
  });
});
