import { parse } from 'csv-parse/sync';
import type { GtfsFeed } from '../../gtfs/index.ts';

/** A GtfsFeed from CSV texts, e.g. `makeFeed({ 'stops.txt': 'stop_id,stop_name\nCPT,Cape Town' })`. */
export function makeFeed(files: Record<string, string>): GtfsFeed {
  const feed: GtfsFeed = new Map();
  for (const [name, text] of Object.entries(files)) feed.set(name, parseGtfsCsv(name, text));
  return feed;
}

/** One GTFS file as a table: values trimmed of padding, blank lines skipped. */
export function parseGtfsCsv(name: string, text: string | Buffer) {
  const records: string[][] = parse(text, {
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const [header = [], ...rows] = records;
  return { name, header, rows };
}
