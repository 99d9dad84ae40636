import { type GtfsFeed, type GtfsTable, packedRows } from '../../gtfs/index.ts';
import { ByteBuffer } from './byte-buffer.ts';
import { type CopyValue, csvLine } from './csv-line.ts';
import {
  agencyRows,
  calendarDateRows,
  calendarRows,
  routeRows,
  stopRows,
  stopTimeRow,
  stopTimeRows,
  tripRows,
} from './feed-rows.ts';
import { tableColumns } from './feed-table.ts';
import { PackedStopTimeLines } from './packed-stop-time-lines.ts';
import { TripSummaries } from './trip-summaries.ts';
import { STOP_TIMES_TABLE } from './version-partitions.ts';

export type ScheduleTable = { table: string; columns: string[]; label: string; rows: Iterable<CopyValue[]> };

/** What a table's chunk of COPY data carries once encoded (CSV of the COPY dialect). */
export type EncodedChunk = { table: string; columns: string[]; label: string; csv: Uint8Array; rows: number };

const v = 'version_id';

/** The file streamed while it is read: the largest, and the one the tables after it depend on. */
export const STOP_TIMES_FILE = 'stop_times.txt';

/** The table stop times are loaded into (through one partition per version). */
export { STOP_TIMES_TABLE };

const STOP_TIMES = {
  table: STOP_TIMES_TABLE,
  columns: [v, 'trip_id', 'stop_sequence', 'stop_id', 'arrival_secs', 'departure_secs'],
  label: 'stop times',
};

/**
 * The tables of a schedule version in load order. Trips come after stop times: their first and
 * last times are summarised while the stop times stream by (docs/quality.md: kept per trip at import).
 */
export function* scheduleTables(
  feed: GtfsFeed,
  versionId: number,
  summaries = new TripSummaries(),
): Generator<ScheduleTable> {
  yield {
    table: 'gtfs_agencies',
    columns: [
      v,
      'agency_id',
      'agency_name',
      'agency_timezone',
      'agency_url',
      'agency_lang',
      'agency_phone',
      'agency_fare_url',
      'agency_email',
    ],
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
      'route_desc',
      'route_url',
      'route_sort_order',
    ],
    label: 'routes',
    rows: routeRows(feed, versionId),
  };
  yield {
    table: 'gtfs_stops',
    columns: [
      v,
      'stop_id',
      'stop_name',
      'stop_lat',
      'stop_lon',
      'location_type',
      'parent_station',
      'stop_code',
      'stop_desc',
      'zone_id',
      'stop_url',
      'stop_timezone',
      'wheelchair_boarding',
      'platform_code',
      'level_id',
    ],
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
  yield { ...STOP_TIMES, rows: stopTimeRows(feed, versionId, summaries) };
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
      'direction_derived',
      'shape_id',
      'start_secs',
      'end_secs',
      'first_stop_id',
      'last_stop_id',
      'trip_number',
      'stop_times_hash',
      'block_id',
      'wheelchair_accessible',
      'bikes_allowed',
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
  for (const table of scheduleTables(feed, versionId)) yield* chunksOf(table, chunkRows);
}

/** One table's rows as COPY chunks, the last one possibly empty. */
function* chunksOf(table: ScheduleTable, chunkRows: number): Generator<EncodedChunk> {
  const chunks = new TableChunks(table, chunkRows);
  for (const row of table.rows) {
    const chunk = chunks.add(row);
    if (chunk) yield chunk;
  }
  const last = chunks.end();
  if (last) yield last;
}

/**
 * The same chunks, made while the import worker reads a GTFS zip whose stop_times.txt it reads
 * last: the tables before it at once, its rows as they are inflated, trips once it is read
 * (their first and last times come from the stop times). The database loads stop_times while the
 * file is still being read instead of after.
 */
export class StreamingScheduleEncoder {
  private readonly summaries = new TripSummaries();
  private stopTimes:
    | {
        chunks: TableChunks;
        row: ((row: string[], i: number) => CopyValue[]) | undefined;
        lines: PackedStopTimeLines | undefined;
      }
    | undefined;
  private encoded = 0;

  constructor(
    private readonly versionId: number,
    private readonly chunkRows: number,
    private readonly emit: (chunk: EncodedChunk) => void,
  ) {}

  /** The tables that come before stop_times, from the feed read so far. */
  start(feed: GtfsFeed): void {
    for (const table of scheduleTables(feed, this.versionId, this.summaries)) {
      if (table.table === STOP_TIMES.table) return;
      this.encodeTable(table);
    }
  }

  /** The rows of stop_times.txt read so far (the table only grows while the file is read). */
  stopTimesRead(table: GtfsTable): void {
    if (table.rows.length === this.encoded) return;
    if (!this.stopTimes) {
      const packed = packedRows(table.rows);
      // Packed rows (a zip's stop_times.txt): lines made from their codes, no row arrays.
      const lines = packed && new PackedStopTimeLines(table, packed, this.versionId, this.summaries);
      const row = lines ? undefined : stopTimeRow(tableColumns(table), this.versionId, this.summaries);
      this.stopTimes = { chunks: new TableChunks(STOP_TIMES, this.chunkRows), row, lines };
    }
    const { chunks, row, lines } = this.stopTimes;
    const rows = table.rows;
    const count = rows.length;
    for (let i = this.encoded; i < count; i++) {
      let chunk: EncodedChunk | undefined;
      if (lines) {
        lines.write(i, chunks.line);
        chunk = chunks.lineDone();
      } else chunk = chunks.add(row!(rows[i]!, i));
      if (chunk) this.emit(chunk);
    }
    this.encoded = count;
  }

  /** Once the file is read: the stop times left (all of them if none streamed), then trips. */
  finish(feed: GtfsFeed): void {
    const stopTimes = feed.get(STOP_TIMES_FILE);
    if (stopTimes) this.stopTimesRead(stopTimes);
    const last = (this.stopTimes?.chunks ?? new TableChunks(STOP_TIMES, this.chunkRows)).end();
    if (last) this.emit(last);
    let afterStopTimes = false;
    for (const table of scheduleTables(feed, this.versionId, this.summaries)) {
      if (afterStopTimes) this.encodeTable(table);
      afterStopTimes ||= table.table === STOP_TIMES.table;
    }
  }

  private encodeTable(table: ScheduleTable): void {
    for (const chunk of chunksOf(table, this.chunkRows)) this.emit(chunk);
  }
}

/**
 * One table's rows as chunks of `chunkRows` CSV lines; the table ends with a chunk (possibly
 * empty). The lines are written as UTF-8 into `line`, a buffer reused from chunk to chunk: a
 * packed stop_times.txt writes its lines' bytes straight in (PackedStopTimeLines.write), where a
 * string per line, joined and encoded per chunk, was over a third of the upload thread's garbage
 * on Renfe.
 */
class TableChunks {
  /** Where the lines are written; each ended by lineDone. */
  readonly line = new ByteBuffer(64 * 1024);
  private rows = 0;
  private sent = false;

  constructor(
    private readonly table: Omit<ScheduleTable, 'rows'>,
    private readonly chunkRows: number,
  ) {}

  add(row: CopyValue[]): EncodedChunk | undefined {
    return this.addLine(csvLine(row));
  }

  addLine(line: string): EncodedChunk | undefined {
    this.line.putText(line);
    return this.lineDone();
  }

  /** Counts the line just written; a chunk once there are `chunkRows`. */
  lineDone(): EncodedChunk | undefined {
    this.rows++;
    return this.rows >= this.chunkRows ? this.take() : undefined;
  }

  end(): EncodedChunk | undefined {
    return this.rows > 0 || !this.sent ? this.take() : undefined;
  }

  private take(): EncodedChunk {
    const { table, columns, label } = this.table;
    const chunk = { table, columns, label, csv: this.line.take(), rows: this.rows };
    this.rows = 0;
    this.sent = true;
    return chunk;
  }
}
