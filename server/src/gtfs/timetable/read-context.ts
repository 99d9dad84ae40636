/** What the Directory and timetable sheets share while read: known ids, the problems, the trips so far. */
import type ExcelJS from 'exceljs';
import { FILE } from '../files.ts';
import { column, type GtfsFeed, type GtfsTable, type InputProblem, type RowOrigin } from '../tables.ts';

const TRIP_HEADER = ['route_id', 'service_id', 'trip_id', 'trip_headsign', 'trip_short_name', 'shape_id'];
const STOP_TIME_HEADER = [
  'trip_id',
  'arrival_time',
  'departure_time',
  'stop_id',
  'stop_sequence',
  'timepoint',
];

export type TableWithOrigins = GtfsTable & { origins: (RowOrigin | undefined)[] };

export type Context = {
  wb: ExcelJS.Workbook;
  problems: InputProblem[];
  services: Set<string>;
  shapes: Set<string>;
  stopNames: Map<string, string>;
  trips: TableWithOrigins;
  stopTimes: TableWithOrigins;
  tripPlaces: Map<string, string>;
};

/** The context after the reference sheets are in `feed`. */
export function createContext(wb: ExcelJS.Workbook, feed: GtfsFeed, problems: InputProblem[]): Context {
  const ctx: Context = {
    wb,
    problems,
    services: new Set([
      ...values(feed.get(FILE.calendar), 'service_id'),
      ...values(feed.get(FILE.calendarDates), 'service_id'),
    ]),
    shapes: new Set(values(feed.get('shapes.txt'), 'shape_id')),
    stopNames: new Map(),
    trips: { name: 'trips.txt', header: TRIP_HEADER, rows: [], origins: [] },
    stopTimes: { name: 'stop_times.txt', header: STOP_TIME_HEADER, rows: [], origins: [] },
    tripPlaces: new Map(),
  };
  const stops = feed.get('stops.txt');
  if (stops) {
    const id = column(stops, 'stop_id');
    const name = column(stops, 'stop_name');
    if (id >= 0) for (const row of stops.rows) ctx.stopNames.set(row[id], name >= 0 ? row[name] : '');
  }
  return ctx;
}

function values(table: GtfsTable | undefined, field: string): string[] {
  if (!table) return [];
  const c = column(table, field);
  return c < 0 ? [] : table.rows.map((row) => row[c]);
}
