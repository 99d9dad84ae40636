import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readGtfsZip } from './read-zip.ts';
import { column } from './tables.ts';
import { listZipEntries } from './zip-entries.ts';
import { withFeedVersion } from './zip-feed-version.ts';

const AGENCY =
  'agency_id,agency_name,agency_url,agency_timezone,agency_lang\nMR,Metrorail,https://metrorail.example,Africa/Johannesburg,en\n';
const STOPS = 'stop_id,stop_name,stop_lat,stop_lon\nA,"Cape Town, main",-33.9,18.4\n';
const OPTIONS = { feedVersion: 'v12', defaultLanguage: 'af' };

/** A zip as planners make one: stored and deflated entries, in a folder or not. */
const zipOf = (files: Record<string, string>, level: 0 | 6 = 6) =>
  zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, [strToU8(text), { level }]])),
  );

const feedInfo = (zip: Uint8Array) => {
  const table = readGtfsZip(zip).feed.get('feed_info.txt')!;
  return Object.fromEntries(table.header.map((h, i) => [h, table.rows.map((r) => r[i])]));
};

describe('withFeedVersion', () => {
  it('gives a zip without feed_info.txt one made from its first agency', () => {
    const out = withFeedVersion(zipOf({ 'agency.txt': AGENCY, 'stops.txt': STOPS }), OPTIONS);
    expect(feedInfo(out)).toEqual({
      feed_publisher_name: ['Metrorail'],
      feed_publisher_url: ['https://metrorail.example'],
      feed_lang: ['en'],
      feed_version: ['v12'],
    });
    // The other files read as before.
    const feed = readGtfsZip(out).feed;
    const stops = feed.get('stops.txt')!;
    expect(stops.rows.map((r) => r[column(stops, 'stop_name')])).toEqual(['Cape Town, main']);
    expect(feed.get('agency.txt')!.rows).toHaveLength(1);
  });

  it("takes the operator's language when the agency gives none", () => {
    const agency = 'agency_id,agency_name,agency_url,agency_timezone\nMR,Metrorail,https://m.example,UTC\n';
    expect(feedInfo(withFeedVersion(zipOf({ 'agency.txt': agency }), OPTIONS)).feed_lang).toEqual(['af']);
  });

  it("sets the planners' feed_info.txt's feed_version, adding the column when it has none", () => {
    const given =
      'feed_publisher_name,feed_publisher_url,feed_lang,feed_version,feed_end_date\nPRASA,https://p.example,en,2026-11,20261231\n';
    const out = withFeedVersion(zipOf({ 'agency.txt': AGENCY, 'feed_info.txt': given }), {
      ...OPTIONS,
      feedVersion: '2026-11+v12',
    });
    expect(feedInfo(out)).toEqual({
      feed_publisher_name: ['PRASA'],
      feed_publisher_url: ['https://p.example'],
      feed_lang: ['en'],
      feed_version: ['2026-11+v12'],
      feed_end_date: ['20261231'],
    });
    expect(listZipEntries(out).filter((e) => e.name === 'feed_info.txt')).toHaveLength(1);
    const without = 'feed_publisher_name,feed_publisher_url,feed_lang\nPRASA,https://p.example,en\n';
    expect(feedInfo(withFeedVersion(zipOf({ 'feed_info.txt': without }, 0), OPTIONS)).feed_version).toEqual([
      'v12',
    ]);
  });

  it('copies every other entry byte for byte, and puts feed_info.txt in the folder holding the feed', () => {
    const source = zipOf({ 'gtfs/agency.txt': AGENCY, 'gtfs/stops.txt': STOPS });
    const out = withFeedVersion(source, OPTIONS);
    const names = listZipEntries(out).map((e) => e.name);
    expect(names).toEqual(['gtfs/agency.txt', 'gtfs/stops.txt', 'gtfs/feed_info.txt']);
    const stored = (zip: Uint8Array, name: string) => {
      const e = listZipEntries(zip).find((x) => x.name === name)!;
      return Buffer.from(zip.subarray(e.localOffset, e.localOffset + 30 + name.length + e.compressedSize));
    };
    expect(
      stored(out, 'gtfs/stops.txt').subarray(30).equals(stored(source, 'gtfs/stops.txt').subarray(30)),
    ).toBe(true);
    expect(feedInfo(out).feed_version).toEqual(['v12']);
  });
});
