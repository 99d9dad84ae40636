import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildDemoTimetableWorkbook,
  convertUpload,
  type GtfsFeed,
  type GtfsTable,
  packedRows,
} from '../../gtfs/index.ts';
import { sampleFiles } from '../test-support/sample-feed.ts';
import { type EncodedChunk, encodeScheduleTables, StreamingScheduleEncoder } from './schedule-tables.ts';

const text = (chunks: EncodedChunk[]) =>
  chunks.map((c) => ({ table: c.table, rows: c.rows, csv: new TextDecoder().decode(c.csv) }));

describe('StreamingScheduleEncoder', () => {
  it('makes the chunks encodeScheduleTables makes, stop_times told of piece by piece while it is read', async () => {
    const { feed } = await convertUpload(await buildDemoTimetableWorkbook());
    const stopTimes = feed.get('stop_times.txt')!;
    expect(stopTimes.rows.length).toBeGreaterThan(300);

    const streamed: EncodedChunk[] = [];
    const encoder = new StreamingScheduleEncoder(7, 50, (chunk) => streamed.push(chunk));
    const before = new Map([...feed].filter(([name]) => name !== 'stop_times.txt'));
    encoder.start(before);
    // The reader's table as it grows: the same rows array, longer each time.
    const growing: GtfsTable = { ...stopTimes, rows: [] };
    for (let i = 0; i < stopTimes.rows.length; i += 37) {
      growing.rows.push(...stopTimes.rows.slice(i, i + 37));
      encoder.stopTimesRead(growing);
    }
    const beforeFinish = streamed.filter((c) => c.table === 'gtfs_stop_times').length;
    encoder.finish(feed);

    expect(beforeFinish).toBeGreaterThan(3);
    expect(text(streamed)).toEqual(text([...encodeScheduleTables(feed, 7, 50)]));
  });
});

describe('packed stop times', () => {
  const unpacked = (feed: GtfsFeed): GtfsFeed =>
    new Map([...feed].map(([name, table]) => [name, { ...table, rows: table.rows.map((r) => [...r]) }]));

  const metroNorth = fileURLToPath(
    new URL('../../../../../shared/data/gtfs/metro-north-railroad-2026-08.zip', import.meta.url),
  );
  const feeds: [string, () => Promise<GtfsFeed>][] = [
    [
      'for the sample line, with rows out of order, empty times and a dwell at the last stop',
      async () => {
        const files = {
          ...sampleFiles,
          'stop_times.txt': `${sampleFiles['stop_times.txt']!.trimEnd()}\nWD-0123,,,BLV,0\nWD-1234,08:30:00,08:35:00,BLV,5\n`,
        };
        const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])));
        return (await convertUpload(zip)).feed;
      },
    ],
  ];
  if (existsSync(metroNorth))
    feeds.push(["for Metro-North's", async () => (await convertUpload(readFileSync(metroNorth))).feed]);

  for (const [name, read] of feeds) {
    it(`are encoded from their codes as the row by row encoder does ${name}, trip summaries included`, async () => {
      const feed = await read();
      expect(packedRows(feed.get('stop_times.txt')!.rows)).toBeDefined();
      const streamed: EncodedChunk[] = [];
      const encoder = new StreamingScheduleEncoder(3, 1000, (chunk) => streamed.push(chunk));
      encoder.start(feed);
      encoder.finish(feed);
      expect(text(streamed)).toEqual(text([...encodeScheduleTables(unpacked(feed), 3, 1000)]));
    });
  }
});
