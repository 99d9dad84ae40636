import { readdirSync, readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseGtfsTime } from './parse-time.ts';
import { readGtfsZip, readGtfsZipStreaming } from './read-zip.ts';
import { hasSharedData, SHARED_DATA_DIR } from './shared-data.ts';
import { column } from './tables.ts';
import { listZipEntries } from './zip-entries.ts';

const GTFS = `${SHARED_DATA_DIR}gtfs/`;

/** Replaces every occurrence of one file name by another of the same length (headers stay valid). */
function renameInZip(zip: Uint8Array, from: string, to: string): Uint8Array {
  const out = zip.slice();
  const a = strToU8(from);
  const b = strToU8(to);
  for (let i = 0; i + a.length <= out.length; i++) {
    if (a.every((byte, k) => out[i + k] === byte)) out.set(b, i);
  }
  return out;
}

describe('readGtfsZip on crafted archives', () => {
  it('handles BOM, CRLF, quotes, padding, extra columns and short rows', () => {
    const stops =
      '\uFEFFstop_id, stop_name ,stop_lat,stop_lon,platform_code\r\n' +
      'A,"Cape Town, ""main""",-33.9,18.4,1\r\n' +
      ' B ,Woodstock  ,-33.92,18.44\r\n' +
      '\r\n' +
      'C,"two\nlines",-33.93,18.45,2,extra\r\n';
    const { feed, problems } = readGtfsZip(zipSync({ 'stops.txt': strToU8(stops) }));
    expect(problems).toEqual([]);
    const t = feed.get('stops.txt')!;
    expect(t.header).toEqual(['stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'platform_code']);
    expect(t.rows).toEqual([
      ['A', 'Cape Town, "main"', '-33.9', '18.4', '1'],
      ['B', 'Woodstock', '-33.92', '18.44', ''],
      ['C', 'two\nlines', '-33.93', '18.45', '2'],
    ]);
    expect(t.padded).toEqual({
      count: 3,
      samples: [
        { row: -1, col: 1 },
        { row: 1, col: 0 },
        { row: 1, col: 1 },
      ],
    });
    expect(t.badRowLengths).toEqual({
      count: 2,
      samples: [
        { row: 1, length: 4 },
        { row: 2, length: 6 },
      ],
    });
  });

  it('reports files in a subfolder but still reads them', () => {
    const { feed, problems } = readGtfsZip(zipSync({ 'feed/agency.txt': strToU8('agency_id\nA\n') }));
    expect(problems.map((p) => p.code)).toEqual(['invalid_input_files_in_subfolder']);
    expect(feed.get('agency.txt')!.rows).toEqual([['A']]);
  });

  it('keeps the first of duplicate entries and says so', () => {
    const zip = renameInZip(
      zipSync({ 'stops.txt': strToU8('stop_id\nA\n'), 'stopX.txt': strToU8('stop_id\nB\n') }, { level: 0 }),
      'stopX.txt',
      'stops.txt',
    );
    const { feed, problems } = readGtfsZip(zip);
    expect(problems.map((p) => p.code)).toEqual(['duplicate_zip_entry']);
    expect(feed.get('stops.txt')!.rows).toEqual([['A']]);
  });

  it('refuses a zip bomb from its declared sizes and, when they lie, while inflating', () => {
    const big = new Uint8Array(4 * 1024 * 1024).fill(48);
    const zip = zipSync({ 'stop_times.txt': big });
    expect(zip.length).toBeLessThan(20_000);
    const declared = readGtfsZip(zip, { maxUnzippedBytes: 1024 * 1024 });
    expect(declared.problems.map((p) => p.code)).toEqual(['zip_too_large']);
    expect(declared.feed.size).toBe(0);
    // Lie in the central directory: uncompressed size 10 bytes.
    const lying = zip.slice();
    const dv = new DataView(lying.buffer);
    for (let i = lying.length - 22; i >= 0; i--) {
      if (dv.getUint32(i, true) === 0x02014b50) {
        dv.setUint32(i + 24, 10, true);
        break;
      }
    }
    const inflating = readGtfsZip(lying, { maxUnzippedBytes: 1024 * 1024 });
    expect(inflating.problems.map((p) => p.code)).toEqual(['zip_too_large']);
  });

  it('names an entry whose deflate stream stops short, and reads the others', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `S${i},Stop ${i},-33.9,18.4\n`).join('');
    const zip = zipSync({
      'agency.txt': strToU8('agency_id\nA\n'),
      'stops.txt': strToU8(`stop_id,stop_name,stop_lat,stop_lon\n${rows}`),
    });
    // stops.txt's compressed size in the central directory, halved: its stream ends mid-block.
    const cut = zip.slice();
    const dv = new DataView(cut.buffer);
    const name = strToU8('stops.txt');
    for (let p = 0; p + 46 + name.length <= cut.length; p++) {
      if (dv.getUint32(p, true) !== 0x02014b50 || !name.every((b, k) => cut[p + 46 + k] === b)) continue;
      dv.setUint32(p + 20, Math.floor(dv.getUint32(p + 20, true) / 2), true);
    }
    const read = readGtfsZip(cut);
    expect(read.problems.map((p) => p.code)).toEqual(['corrupt_zip_entry']);
    expect(read.problems[0]!.message).toMatch(/^stops\.txt could not be unpacked: .*Zip the feed again\.$/);
    expect([...read.feed.keys()]).toEqual(['agency.txt']);
  });

  it('says plainly that a non-zip is not a zip, and that an empty file is empty', () => {
    const text = readGtfsZip(strToU8('stop_id,stop_name\nA,B\n'));
    expect(text.problems[0].code).toBe('invalid_zip');
    expect(text.problems[0].message).toMatch(/^This file is not a zip archive/);
    expect(readGtfsZip(new Uint8Array(0)).problems[0].code).toBe('empty_file');
  });

  it('ignores path tricks in entry names', () => {
    const { feed, problems } = readGtfsZip(
      zipSync({ 'agency.txt': strToU8('agency_id\nA\n'), '../evil.txt': strToU8('x\n') }),
    );
    expect(problems.map((p) => p.code)).toEqual(['unsafe_file_name']);
    expect([...feed.keys()]).toEqual(['agency.txt']);
  });
});

describe.skipIf(!hasSharedData('gtfs'))('readGtfsZip on the real feeds', () => {
  it('reads every feed in shared/data/gtfs with its row counts', () => {
    const expected: Record<string, number> = {
      'google-sample-feed-1.zip': 28,
      'caltrain-20160406.zip': 3103,
      'caltrain-2023-ct.zip': 3498,
      'bart-2019-bart-rt.zip': 32185,
      'metro-north-railroad-2026-08.zip': 307098,
      'renfe-av-ld-md-2026-08-21.zip': 47817,
      'halifax-transit-2025-08.zip': 328499,
      'bullrunner-gtfs.zip': 473,
    };
    const files = readdirSync(GTFS).filter((f) => f.endsWith('.zip'));
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    for (const file of files) {
      const { feed, problems } = readGtfsZip(readFileSync(GTFS + file));
      expect(problems, file).toEqual([]);
      expect(feed.get('stop_times.txt')!.rows.length, file).toBe(expected[file]);
    }
  });

  it('reads them the same streaming stop_times.txt (as an upload reads) as at once', async () => {
    for (const file of readdirSync(GTFS).filter((f) => f.endsWith('.zip'))) {
      const bytes = readFileSync(GTFS + file);
      const follow = { name: 'stop_times.txt', before: async () => {}, read: () => {} };
      expect(await readGtfsZipStreaming(bytes, {}, follow), file).toEqual(readGtfsZip(bytes));
    }
  });

  it('keeps extra columns (Metro-North track) and trims the padded last header (Renfe AV)', () => {
    const mnr = readGtfsZip(readFileSync(`${GTFS}metro-north-railroad-2026-08.zip`)).feed;
    expect(mnr.get('stop_times.txt')!.header).toContain('track');
    expect(mnr.has('calendar.txt')).toBe(false);
    const av = readGtfsZip(readFileSync(`${GTFS}renfe-av-ld-md-2026-08-21.zip`)).feed.get('calendar.txt')!;
    expect(av.header.at(-1)).toBe('end_date');
    expect(av.padded!.count).toBeGreaterThan(5678);
  });

  it('Halifax leading-space hours are trimmed, flagged and parse', () => {
    const t = readGtfsZip(readFileSync(`${GTFS}halifax-transit-2025-08.zip`)).feed.get('stop_times.txt')!;
    expect(t.rows[0].slice(0, 3)).toEqual(['3785019', '5:49:00', '5:49:00']);
    expect(parseGtfsTime(t.rows[0][1])).toBe(5 * 3600 + 49 * 60);
    expect(t.padded!.samples[0]).toEqual({ row: 0, col: 1 });
  });

  it('edge cases: not a zip, nested folder, no known files', () => {
    const invalid = readGtfsZip(readFileSync(`${GTFS}edge-cases/invalid.zip`));
    expect(invalid.problems.map((p) => p.code)).toEqual(['invalid_zip']);
    const nested = readGtfsZip(readFileSync(`${GTFS}edge-cases/example-nested-dir.zip`));
    expect(nested.problems.map((p) => p.code)).toEqual(['invalid_input_files_in_subfolder']);
    expect(nested.problems[0].file).toBe('example-nested-dir/example/');
    expect(nested.feed.get('stop_times.txt')!.rows.length).toBeGreaterThan(0);
    const bad = readGtfsZip(readFileSync(`${GTFS}edge-cases/badgtfs.zip`));
    expect(bad.problems).toEqual([]);
    expect(
      [...bad.feed.keys()].filter((f) => ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt'].includes(f)),
    ).toEqual([]);
    const errors = readGtfsZip(readFileSync(`${GTFS}edge-cases/example-errors.zip`));
    expect(errors.problems).toEqual([]);
    expect(errors.feed.has('malformed.txt')).toBe(true);
  });

  it('the original PRASA zip keeps the malformed 08:59: as text for the validator', () => {
    const t = readGtfsZip(readFileSync(`${SHARED_DATA_DIR}original/gtfs.zip`)).feed.get('stop_times.txt')!;
    const bad = t.rows.filter((r) => r[column(t, 'arrival_time')] === '08:59:');
    expect(bad.map((r) => [r[0], r[3]])).toEqual([['WD-9916', 'MUTUAL']]);
  });
});

describe.skipIf(!hasSharedData('gtfs/large'))('readGtfsZip on the large Renfe Cercanías feed', () => {
  it('reads 1.87 M stop_times with the padding trimmed', () => {
    const { feed, problems } = readGtfsZip(readFileSync(`${GTFS}large/renfe-cercanias-2026-08-22.zip`));
    expect(problems).toEqual([]);
    const st = feed.get('stop_times.txt')!;
    expect(st.rows.length).toBe(1_867_794);
    expect(st.rows[0]).toEqual(['1032S17152C8a', '13:51:00', '13:51:00', '10206', '005']);
    const routes = feed.get('routes.txt')!;
    const routeIds = new Set(routes.rows.map((r) => r[0]));
    const trips = feed.get('trips.txt')!;
    expect(trips.rows.every((r) => routeIds.has(r[0]))).toBe(true);
    expect(trips.rows.some((r) => r[2].endsWith(' '))).toBe(false);
    expect(routes.padded!.count).toBeGreaterThan(0);
  }, 300_000);
});

describe('readGtfsZipStreaming', () => {
  it('reads the streamed file last, after the others, telling of its rows while it inflates', async () => {
    // Values that compress poorly, so the file inflates in many pieces.
    let seed = 1;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const rows = Array.from({ length: 60_000 }, (_, i) => {
      const secs = next() % 86_400;
      const time = [secs / 3600, (secs / 60) % 60, secs % 60].map((n) =>
        String(Math.floor(n)).padStart(2, '0'),
      );
      return `T${next()},${time.join(':')},${time.join(':')},S${next()},${i % 40}\n`;
    });
    const stopTimes = `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${rows.join('')}`;
    const zip = zipSync({
      'stop_times.txt': strToU8(stopTimes),
      'agency.txt': strToU8(
        'agency_id,agency_name,agency_url,agency_timezone\nA,Rail,https://x.test,Africa/Johannesburg\n',
      ),
      'trips.txt': strToU8('route_id,service_id,trip_id\nR,WD,T0\n'),
    });
    const seen: string[] = [];
    const grown: number[] = [];
    const streamed = await readGtfsZipStreaming(
      zip,
      {},
      {
        name: 'stop_times.txt',
        before: async (feed, problems) => {
          seen.push(`before: ${[...feed.keys()].join(' ')}; ${problems.length} problems`);
          await new Promise((r) => setTimeout(r, 1));
        },
        read: (table) => grown.push(table.rows.length),
      },
    );
    expect(seen).toEqual(['before: agency.txt trips.txt; 0 problems']);
    // Told several times, the rows only growing, up to the whole file.
    expect(grown.length).toBeGreaterThan(3);
    expect(grown).toEqual([...grown].sort((a, b) => a - b));
    expect(grown.at(-1)).toBe(60_000);
    // The same feed as reading it at once, in the archive's order.
    const whole = readGtfsZip(zip);
    expect([...streamed.feed.keys()]).toEqual(['stop_times.txt', 'agency.txt', 'trips.txt']);
    expect(streamed).toEqual(whole);
  });

  const follow = { name: 'stop_times.txt', before: async () => {}, read: () => {} };

  it('streaming, refuses a bomb whose sizes lie, in the streamed file or before it', async () => {
    const big = new Uint8Array(4 * 1024 * 1024).fill(48);
    for (const file of ['stop_times.txt', 'trips.txt']) {
      const lying = zipSync({ 'agency.txt': strToU8('agency_id\nA\n'), [file]: big });
      const dv = new DataView(lying.buffer);
      for (let i = 0; i + 4 <= lying.length; i++) {
        if (dv.getUint32(i, true) === 0x02014b50) dv.setUint32(i + 24, 10, true);
      }
      const read = await readGtfsZipStreaming(lying, { maxUnzippedBytes: 1024 * 1024 }, follow);
      expect(
        read.problems.map((p) => p.code),
        file,
      ).toEqual(['zip_too_large']);
      expect(read.feed.size, file).toBe(0);
    }
  });

  it('streaming, names a corrupt entry as reading at once does, and reads the others', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `T${i},08:00:00,08:00:00,S${i % 7},${i}\n`).join('');
    const zip = zipSync({
      'agency.txt': strToU8('agency_id\nA\n'),
      'stop_times.txt': strToU8(`trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${rows}`),
    });
    // Its deflate stream opens with a block of the reserved type 3: no inflater reads past it.
    const corrupt = zip.slice();
    const entry = listZipEntries(zip).find((e) => e.name === 'stop_times.txt')!;
    const dv = new DataView(corrupt.buffer);
    const at =
      entry.localOffset +
      30 +
      dv.getUint16(entry.localOffset + 26, true) +
      dv.getUint16(entry.localOffset + 28, true);
    corrupt[at] = 0b111;
    const whole = readGtfsZip(corrupt);
    expect(whole.problems.map((p) => p.code)).toEqual(['corrupt_zip_entry']);
    const streamed = await readGtfsZipStreaming(corrupt, {}, follow);
    expect(streamed.problems.map((p) => p.code)).toEqual(['corrupt_zip_entry']);
    expect(streamed.problems[0]!.message).toMatch(
      /^stop_times\.txt could not be unpacked: .*Zip the feed again\.$/,
    );
    expect([...streamed.feed.keys()]).toEqual(['agency.txt']);
  });
});
