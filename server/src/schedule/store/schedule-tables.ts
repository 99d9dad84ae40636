import type { GtfsFeed } from '../../gtfs/index.ts';
import { type CopyValue, csvLine } from './csv-line.ts';
import {
  agencyRows,
  calendarDateRows,
  calendarRows,
  routeRows,
  stopRows,
  stopTimeRows,
  type TripSummary,
  tripRows,
} from './feed-rows.ts';

export type ScheduleTable = { table: string; columns: string[]; label: string; rows: Iterable<CopyValue[]> };

/** What a table's chunk of COPY data carries once encoded (CSV of the COPY dialect). */
export type EncodedChunk = { table: string; columns: string[]; label: string; csv: Uint8Array; rows: number };

const v = 'version_id';

/**
 * The tables of a schedule version in load order. Trips come after stop times: their first and
 * last times are summarised while the stop times stream by (quality.md: kept per trip at import).
 */
export function* scheduleTables(feed: GtfsFeed, versionId: number): Generator<ScheduleTable> {
  const summaries = new Map<string, TripSummary>();
  yield {
    table: 'gtfs_agencies',
    columns: [v, 'agency_id', 'agency_name', 'agency_timezone'],
    label: 'agencies',
    rows: agencyRows(feed, versionId),
  };
  yield {
    table: 'gtfs_routes',
    columns: [
      v,
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_type',
      'route_color',
      'route_text_color',
    ],
    label: 'routes',
    rows: routeRows(feed, versionId),
  };
  yield {
    table: 'gtfs_stops',
    columns: [v, 'stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'location_type', 'parent_station'],
    label: 'stops',
    rows: stopRows(feed, versionId),
  };
  yield {
    table: 'gtfs_calendar',
    columns: [v, 'service_id', 'weekdays', 'start_date', 'end_date'],
    label: 'calendar rows',
    rows: calendarRows(feed, versionId),
  };
  yield {
    table: 'gtfs_calendar_dates',
    columns: [v, 'service_id', 'date', 'exception_type'],
    label: 'calendar dates',
    rows: calendarDateRows(feed, versionId),
  };
  yield {
    table: 'gtfs_stop_times',
    columns: [v, 'trip_id', 'stop_sequence', 'stop_id', 'arrival_secs', 'departure_secs'],
    label: 'stop times',
    rows: stopTimeRows(feed, versionId, summaries),
  };
  yield {
    table: 'gtfs_trips',
    columns: [
      v,
      'trip_id',
      'route_id',
      'service_id',
      'trip_short_name',
      'trip_headsign',
      'direction_id',
      'shape_id',
      'start_secs',
      'end_secs',
      'first_stop_id',
      'last_stop_id',
      'trip_number',
      'stop_times_hash',
    ],
    label: 'trips',
    rows: tripRows(feed, versionId, summaries),
  };
}

/**
 * The same tables as CSV chunks of at most `chunkRows` rows, each table ending with a chunk
 * (possibly empty) so the loader can report it. Runs in the import worker: the main thread only
 * pipes bytes into COPY and never holds the parsed feed.
 */
export function* encodeScheduleTables(
  feed: GtfsFeed,
  versionId: number,
  chunkRows = 20_000,
): Generator<EncodedChunk> {
  const encoder = new TextEncoder();
  for (const { table, columns, label, rows } of scheduleTables(feed, versionId)) {
    let lines: string[] = [];
    let sent = false;
    for (const row of rows) {
      lines.push(csvLine(row));
      if (lines.length >= chunkRows) {
        yield { table, columns, label, csv: encoder.encode(lines.join('')), rows: lines.length };
        lines = [];
        sent = true;
      }
    }
    if (lines.length > 0 || !sent)
      yield { table, columns, label, csv: encoder.encode(lines.join('')), rows: lines.length };
  }
}
