import { type PackedRows, packedRows } from '../packed-rows.ts';
import type { GtfsFeed, GtfsTable } from '../tables.ts';
import { parseTime } from './field-format.ts';

/** Marks in the parsed time arrays: the value is empty, or not a valid GTFS time. */
export const NO_TIME = -1;
export const BAD_TIME = -2;

/**
 * Each trip's stop_times, as row indices of stop_times.txt sorted by stop_sequence, trips in the
 * order stop_times.txt first names them. One array of row indices for the whole file and one
 * offset per trip (not an array per trip): a few bytes per stop time at any size of schedule.
 * When the file already lists each trip's stop times together and in sequence (most feeds do),
 * a trip's rows are a range of the file and no array of row indices is kept at all.
 */
export class TripStopTimes {
  private codeOf: Map<string, number> | undefined;

  constructor(
    private readonly ids: readonly string[],
    private readonly start: Int32Array,
    /** Row indices grouped by trip; undefined when they are the file's own order. */
    private readonly order: Int32Array | undefined,
  ) {}

  /** The trip's rows in stop_sequence order, or undefined when it has none. */
  get(tripId: string): Int32Array | undefined {
    const code = this.codes().get(tripId);
    return code === undefined ? undefined : this.rowsOf(code);
  }

  has(tripId: string): boolean {
    return this.codes().has(tripId);
  }

  private codes(): Map<string, number> {
    if (!this.codeOf) {
      this.codeOf = new Map();
      for (let code = 0; code < this.ids.length; code++) this.codeOf.set(this.ids[code]!, code);
    }
    return this.codeOf;
  }

  *[Symbol.iterator](): Generator<[string, Int32Array]> {
    for (let code = 0; code < this.ids.length; code++) yield [this.ids[code]!, this.rowsOf(code)];
  }

  private rowsOf(code: number): Int32Array {
    const [from, to] = [this.start[code]!, this.start[code + 1]!];
    if (this.order) return this.order.subarray(from, to);
    const rows = new Int32Array(to - from);
    for (let i = 0; i < rows.length; i++) rows[i] = from + i;
    return rows;
  }
}

/** A column accessor: the value in a row, or '' when the column is absent. */
export type Column = (row: number) => string;

/** A number for each stop_times row (seconds, a stop sequence), read by row number. */
export type RowNumbers = (row: number) => number;

/**
 * Indexes built once and shared by rules, so the 1.87 M-row stop_times file is walked a few
 * times at most: id → row maps, stop times grouped by trip, times parsed to seconds.
 */
export class FeedIndex {
  private readonly cache = new Map<string, unknown>();

  constructor(readonly feed: GtfsFeed) {}

  table(file: string): GtfsTable | undefined {
    return this.feed.get(file);
  }

  column(file: string, field: string): Column {
    const table = this.feed.get(file);
    const i = table ? table.header.indexOf(field) : -1;
    if (!table || i < 0) return () => '';
    const packed = packedRows(table.rows);
    if (packed) return packed.column(i);
    const rows = table.rows;
    return (row) => rows[row][i] ?? '';
  }

  /** The packed rows of a file and a column's index in them, when the file is packed. */
  packedColumn(file: string, field: string): { packed: PackedRows; col: number } | undefined {
    const table = this.feed.get(file);
    const packed = table && packedRows(table.rows);
    const col = table ? table.header.indexOf(field) : -1;
    return packed && col >= 0 ? { packed, col } : undefined;
  }

  hasColumn(file: string, field: string): boolean {
    return (this.feed.get(file)?.header.indexOf(field) ?? -1) >= 0;
  }

  /** Value of `field` → first row index having it (empty values left out). */
  rowsById(file: string, field: string): Map<string, number> {
    return this.memo(`ids:${file}:${field}`, () => {
      const ids = new Map<string, number>();
      const rows = this.feed.get(file)?.rows.length ?? 0;
      const value = this.column(file, field);
      for (let r = 0; r < rows; r++) {
        const v = value(r);
        if (v !== '' && !ids.has(v)) ids.set(v, r);
      }
      return ids;
    });
  }

  /** Arrival and departure of each stop_times row in seconds, or NO_TIME / BAD_TIME. */
  stopTimeSeconds(): { arrival: RowNumbers; departure: RowNumbers } {
    return this.memo('stop-time-seconds', () => ({
      arrival: this.parseTimes('arrival_time'),
      departure: this.parseTimes('departure_time'),
    }));
  }

  /** stop_times rows grouped by trip_id, each group sorted by stop_sequence. */
  stopTimesByTrip(): TripStopTimes {
    return this.memo('stop-times-by-trip', () => {
      const rows = this.feed.get('stop_times.txt')?.rows.length ?? 0;
      const { ids, codeOfRow } = this.tripCodes(rows);
      const sequence = this.stopSequences();
      // Counting sort by trip: rows keep their file order within a trip.
      const start = new Int32Array(ids.length + 1);
      for (let r = 0; r < rows; r++) start[codeOfRow(r) + 1]++;
      for (let c = 0; c < ids.length; c++) start[c + 1] += start[c];
      if (inFileOrder(rows, codeOfRow, start, sequence)) return new TripStopTimes(ids, start, undefined);
      const next = start.slice(0, ids.length);
      const order = new Int32Array(rows);
      for (let r = 0; r < rows; r++) order[next[codeOfRow(r)]++] = r;
      for (let c = 0; c < ids.length; c++) {
        const group = order.subarray(start[c], start[c + 1]);
        if (!isSorted(group, sequence)) {
          // The same stable sort (and NaN handling) as an array of row numbers.
          group.set(Array.from(group).sort((a, b) => sequence(a) - sequence(b)));
        }
      }
      return new TripStopTimes(ids, start, order);
    });
  }

  /** Each distinct trip_id of stop_times.txt (first-seen order) and the code of each row's. */
  private tripCodes(rows: number): { ids: readonly string[]; codeOfRow: (row: number) => number } {
    const packed = this.packedColumn('stop_times.txt', 'trip_id');
    if (packed) {
      const { packed: p, col } = packed;
      return { ids: p.dictionary(col), codeOfRow: (r) => p.code(col, r) };
    }
    const tripId = this.column('stop_times.txt', 'trip_id');
    const codeOf = new Map<string, number>();
    const codes = new Int32Array(rows);
    for (let r = 0; r < rows; r++) {
      const id = tripId(r);
      let code = codeOf.get(id);
      if (code === undefined) {
        code = codeOf.size;
        codeOf.set(id, code);
      }
      codes[r] = code;
    }
    return { ids: [...codeOf.keys()], codeOfRow: (r) => codes[r]! };
  }

  /** stop_sequence of each stop_times row as a number (NaN when malformed). */
  stopSequences(): RowNumbers {
    return this.memo('stop-sequences', () =>
      this.mapStopTimes('stop_sequence', Float64Array, (v) => (v === '' ? Number.NaN : Number(v))),
    );
  }

  memo<T>(key: string, build: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, build());
    return this.cache.get(key) as T;
  }

  private parseTimes(field: string): RowNumbers {
    return this.mapStopTimes(field, Int32Array, (text) =>
      text === '' ? NO_TIME : (parseTime(text) ?? BAD_TIME),
    );
  }

  private stopTimeCount(): number {
    return this.feed.get('stop_times.txt')?.rows.length ?? 0;
  }

  /**
   * `convert` of a stop_times column by row. When the file is packed the numbers are kept per
   * distinct value and read through the row's code: a national network's 9 M stop times need no
   * array of their own per column (8 bytes a row for sequences, 4 for each time).
   */
  private mapStopTimes(
    field: string,
    kind: Int32ArrayConstructor | Float64ArrayConstructor,
    convert: (value: string) => number,
  ): RowNumbers {
    const packed = this.packedColumn('stop_times.txt', field);
    if (packed) {
      const { packed: p, col } = packed;
      const values = p.dictionary(col);
      const byCode = new kind(values.length);
      for (let c = 0; c < values.length; c++) byCode[c] = convert(values[c]!);
      const code = p.codes(col);
      return (row) => byCode[code(row)]!;
    }
    const value = this.column('stop_times.txt', field);
    const out = new kind(this.stopTimeCount());
    for (let r = 0; r < out.length; r++) out[r] = convert(value(r));
    return (row) => out[row]!;
  }
}

/**
 * Whether the file lists each trip's stop times together, trips in first-seen order (codes are
 * given in that order, so the codes never go down), each trip's in stop_sequence order.
 */
function inFileOrder(
  rows: number,
  codeOfRow: (row: number) => number,
  start: Int32Array,
  sequence: RowNumbers,
): boolean {
  for (let r = 1; r < rows; r++) {
    const code = codeOfRow(r);
    if (code < codeOfRow(r - 1)) return false;
    // NaN compares false both ways, as in isSorted: a malformed sequence does not break the order.
    if (r > start[code]! && sequence(r - 1) > sequence(r)) return false;
  }
  return true;
}

function isSorted(group: Int32Array, sequence: RowNumbers): boolean {
  for (let i = 1; i < group.length; i++) if (sequence(group[i - 1]) > sequence(group[i])) return false;
  return true;
}
