/** GtfsFeed → GTFS zip bytes: files in a fixed order, fixed dates, so the same feed gives the same bytes. */
import { stringify } from 'csv-stringify/sync';
import { Zip, ZipDeflate } from 'fflate';
import { WRITE_ORDER } from './files.ts';
import type { GtfsFeed } from './tables.ts';

/** The table's write order; files it does not list follow alphabetically. */
export const GTFS_FILE_ORDER = WRITE_ORDER;

export function orderedFileNames(feed: GtfsFeed): string[] {
  const rank = (f: string) => {
    const i = GTFS_FILE_ORDER.indexOf(f);
    return i < 0 ? GTFS_FILE_ORDER.length : i;
  };
  return [...feed.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Rows are stringified in slices so a 1.87 M-row stop_times never becomes one giant string. */
const SLICE = 50_000;
const FIXED_MTIME = new Date(2000, 0, 1);

export function writeGtfsZip(feed: GtfsFeed): Uint8Array {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const encoder = new TextEncoder();
  for (const file of orderedFileNames(feed)) {
    const table = feed.get(file)!;
    const entry = new ZipDeflate(file, { level: 6 });
    entry.mtime = FIXED_MTIME;
    zip.add(entry);
    entry.push(encoder.encode(stringify([table.header])), false);
    for (let i = 0; i < table.rows.length; i += SLICE) {
      entry.push(encoder.encode(stringify(table.rows.slice(i, i + SLICE))), false);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
