import { describe, expect, it } from 'vitest';
import { buildDemoTimetableWorkbook, convertUpload, type GtfsTable } from '../../gtfs/index.ts';
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
