import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertUpload } from './convert-upload.ts';
import { buildDemoTimetableWorkbook } from './demo-schedule.ts';
import { readGtfsZip } from './read-zip.ts';
import { hasSharedData, SHARED_DATA_DIR } from './shared-data.ts';
import type { GtfsFeed } from './tables.ts';
import { writePlainWorkbook } from './write-plain-workbook.ts';
import { writeGtfsZip } from './write-zip.ts';

const FILES = [
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'calendar.txt',
  'calendar_dates.txt',
  'trips.txt',
  'stop_times.txt',
];

/** Header and rows only: origins and padding notes are about where a row came from, not the GTFS. */
function content(feed: GtfsFeed, files = FILES) {
  return files
    .filter((f) => feed.has(f))
    .map((f) => ({ f, header: feed.get(f)!.header, rows: feed.get(f)!.rows }));
}

describe('export round trips', () => {
  it('demo timetable → GTFS zip → read gives the same tables, in a stable order and bytes', async () => {
    const { feed } = await convertUpload(await buildDemoTimetableWorkbook());
    const zip = writeGtfsZip(feed);
    expect(writeGtfsZip(feed)).toEqual(zip);
    const back = readGtfsZip(zip);
    expect(back.problems).toEqual([]);
    expect([...back.feed.keys()].slice(0, 5)).toEqual([
      'agency.txt',
      'stops.txt',
      'routes.txt',
      'trips.txt',
      'stop_times.txt',
    ]);
    expect(content(back.feed, [...feed.keys()])).toEqual(content(feed, [...feed.keys()]));
  });

  it('demo timetable → plain workbook → upload again gives the same GTFS', async () => {
    const { feed } = await convertUpload(await buildDemoTimetableWorkbook());
    const again = await convertUpload(await writePlainWorkbook(feed));
    expect(again.kind).toBe('plain_workbook');
    expect(again.problems).toEqual([]);
    expect(content(again.feed)).toEqual(content(feed));
  });
});

describe.skipIf(!hasSharedData('original'))('export round trip of the real PRASA feed', () => {
  it('original/gtfs.zip → plain workbook → upload again keeps agencies, stops, routes, services, trips, stop_times', async () => {
    const { feed } = readGtfsZip(readFileSync(`${SHARED_DATA_DIR}original/gtfs.zip`));
    const again = await convertUpload(await writePlainWorkbook(feed));
    expect(again.problems).toEqual([]);
    expect(content(again.feed)).toEqual(content(feed));
    expect(again.feed.get('stop_times.txt')!.rows.some((r) => r[1] === '08:59:')).toBe(true);
  });
});
