import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readGtfsZip } from './read-zip.ts';
import { FeedIndex } from './validate/feed-index.ts';
import { validateFeed } from './validate/validate-feed.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Bytes of JavaScript heap in use once garbage is collected. */
function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A valid feed of `trips` trips × `calls` stop times over 300 stops, as a national network repeats them. */
function generatedZip(trips: number, calls: number): Uint8Array {
  const stops = ['stop_id,stop_name,stop_lat,stop_lon'];
  for (let s = 0; s < 300; s++)
    stops.push(`S${s},Stop ${s},${(40 + s / 1000).toFixed(4)},${(-3.7 + s / 1000).toFixed(4)}`);
  const tripLines = ['route_id,service_id,trip_id'];
  const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
  const time = (secs: number) =>
    [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, 0].map((n) => String(n).padStart(2, '0')).join(':');
  for (let t = 0; t < trips; t++) {
    tripLines.push(`R${t % 10},ALL,T${t}`);
    const start = 5 * 3600 + (t % 900) * 60;
    for (let i = 0; i < calls; i++) {
      const at = time(start + i * 240);
      stopTimes.push(`T${t},${at},${at},S${(t + i) % 300},${i + 1}`);
    }
  }
  const file = (lines: string[]) => strToU8(`${lines.join('\n')}\n`);
  return zipSync({
    'agency.txt': file(['agency_name,agency_url,agency_timezone', 'Rail,https://example.org,Europe/Madrid']),
    'routes.txt': file([
      'route_id,route_short_name,route_type',
      ...Array.from({ length: 10 }, (_, r) => `R${r},C${r},2`),
    ]),
    'stops.txt': file(stops),
    'calendar.txt': file([
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
      'ALL,1,1,1,1,1,1,1,20260101,20361231',
    ]),
    'trips.txt': file(tripLines),
    'stop_times.txt': file(stopTimes),
  });
}

describe('reading and validating a large GTFS zip', () => {
  it("keeps the JavaScript heap a few bytes a stop time: stop_times' values are packed, their indexes typed arrays", () => {
    const trips = 10_000;
    const calls = 20;
    const rows = trips * calls;
    const zip = generatedZip(trips, calls);
    const before = heapUsed();
    const { feed, problems } = readGtfsZip(zip);
    expect(problems).toEqual([]);
    const index = new FeedIndex(feed);
    index.stopTimesByTrip();
    index.stopTimeSeconds();
    const held = heapUsed() - before;
    // What the feed and the validator's stop-time indexes hold on the heap while validation runs.
    // A row as an array of strings held ~90 bytes a stop time (18 MB here); packed ~3 (trip ids).
    expect(Math.round(held / rows)).toBeLessThan(12);
    expect(index.table('stop_times.txt')!.rows.length).toBe(rows);
    const result = validateFeed(feed, { now: new Date('2026-06-01T12:00:00Z') });
    expect(result.counts.errors).toBe(0);
  }, 60_000);
});
