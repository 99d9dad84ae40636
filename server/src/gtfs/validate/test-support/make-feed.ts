import { parse } from 'csv-parse/sync';
import type { GtfsFeed, GtfsTable } from '../../tables.ts';
import { FeedIndex } from '../feed-index.ts';
import type { RuleContext } from '../types.ts';

/** A table from CSV text; values trimmed, with padded values recorded as the real reader does. */
export function makeTable(name: string, csv: string): GtfsTable {
  const records = parse(csv, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  const padded = { count: 0, samples: [] as { row: number; col: number }[] };
  const trimmed = records.map((record, r) =>
    record.map((value, col) => {
      const t = value.trim();
      if (t !== value) {
        padded.count++;
        padded.samples.push({ row: r - 1, col });
      }
      return t;
    }),
  );
  const table: GtfsTable = { name, header: trimmed[0] ?? [], rows: trimmed.slice(1) };
  if (padded.count > 0) table.padded = padded;
  return table;
}

/** A feed from `{ 'stops.txt': 'stop_id,stop_name\n...' }`. */
export function makeFeed(files: Record<string, string>): GtfsFeed {
  return new Map(Object.entries(files).map(([name, csv]) => [name, makeTable(name, csv)]));
}

export function makeContext(feed: GtfsFeed, now = new Date('2026-09-01T10:00:00Z')): RuleContext {
  return { now, index: new FeedIndex(feed) };
}

/** A minimal feed that passes every rule, to build bad ones from. */
export const CLEAN: Record<string, string> = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone,agency_lang\nMR,Metrorail,https://www.metrorail.co.za,Africa/Johannesburg,en\n',
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n' +
    'CPT,CAPE TOWN,-33.9221,18.4254,1,\nCPT1,CAPE TOWN,-33.9221,18.4254,0,CPT\nWDS,WOODSTOCK,-33.9254,18.4475,,\n',
  'routes.txt':
    'route_id,agency_id,route_short_name,route_long_name,route_type,route_color,route_text_color\nSTH,MR,S,Southern Line,2,0000FF,FFFFFF\n',
  'trips.txt': 'route_id,service_id,trip_id,shape_id\nSTH,WD,WD-2300,SH1\n',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence,shape_dist_traveled\n' +
    'WD-2300,05:00:00,05:00:00,CPT1,0,0\nWD-2300,05:05:00,05:06:00,WDS,1,2.1\n',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20260101,20261231\n',
  'shapes.txt':
    'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nSH1,-33.9221,18.4254,0\nSH1,-33.9254,18.4475,1\n',
  'feed_info.txt':
    'feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date\nPRASA,https://www.prasa.com,en,20260101,20261231\n',
};

/** The clean feed with some files replaced (a value of `undefined` removes the file). */
export function feedWith(changes: Record<string, string | undefined>): GtfsFeed {
  const files = { ...CLEAN, ...changes };
  for (const [name, csv] of Object.entries(changes)) if (csv === undefined) delete files[name];
  return makeFeed(files as Record<string, string>);
}
