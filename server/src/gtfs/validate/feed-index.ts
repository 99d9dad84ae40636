import type { GtfsFeed, GtfsTable } from '../tables.ts';
import { parseTime } from './field-format.ts';

/** Marks in the parsed time arrays: the value is empty, or not a valid GTFS time. */
export const NO_TIME = -1;
export const BAD_TIME = -2;

/** A trip's stop_times, as row indices of stop_times.txt sorted by stop_sequence. */
export type TripStopTimes = Map<string, number[]>;

/** A column accessor: the value in a row, or '' when the column is absent. */
export type Column = (row: number) => string;

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
    const rows = table.rows;
    return (row) => rows[row][i] ?? '';
  }

  hasColumn(file: string, field: string): boolean {
    return (this.feed.get(file)?.header.indexOf(field) ?? -1) >= 0;
  }

  /** Value of `field` → first row index having it (empty values left out). */
  rowsById(file: string, field: string): Map<string, number> {
    return this.memo(`ids:${file}:${field}`, () => {
      const ids = new Map<string, number>();
      const table = this.feed.get(file);
      const value = this.column(file, field);
      for (let r = 0; r < (table?.rows.length ?? 0); r++) {
        const v = value(r);
        if (v !== '' && !ids.has(v)) ids.set(v, r);
      }
      return ids;
    });
  }

  /** Arrival and departure of each stop_times row in seconds, or NO_TIME / BAD_TIME. */
  stopTimeSeconds(): { arrival: Int32Array; departure: Int32Array } {
    return this.memo('stop-time-seconds', () => ({
      arrival: this.parseTimes('arrival_time'),
      departure: this.parseTimes('departure_time'),
    }));
  }

  /** stop_times rows grouped by trip_id, each group sorted by stop_sequence. */
  stopTimesByTrip(): TripStopTimes {
    return this.memo('stop-times-by-trip', () => {
      const table = this.feed.get('stop_times.txt');
      const tripId = this.column('stop_times.txt', 'trip_id');
      const sequence = this.stopSequences();
      const byTrip: TripStopTimes = new Map();
      for (let r = 0; r < (table?.rows.length ?? 0); r++) {
        const id = tripId(r);
        const group = byTrip.get(id);
        if (group) group.push(r);
        else byTrip.set(id, [r]);
      }
      for (const group of byTrip.values()) {
        if (!isSorted(group, sequence)) group.sort((a, b) => sequence[a] - sequence[b]);
      }
      return byTrip;
    });
  }

  /** stop_sequence of each stop_times row as a number (NaN when malformed). */
  stopSequences(): Float64Array {
    return this.memo('stop-sequences', () => {
      const rows = this.feed.get('stop_times.txt')?.rows.length ?? 0;
      const value = this.column('stop_times.txt', 'stop_sequence');
      const out = new Float64Array(rows);
      for (let r = 0; r < rows; r++) out[r] = value(r) === '' ? Number.NaN : Number(value(r));
      return out;
    });
  }

  memo<T>(key: string, build: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, build());
    return this.cache.get(key) as T;
  }

  private parseTimes(field: string): Int32Array {
    const rows = this.feed.get('stop_times.txt')?.rows.length ?? 0;
    const value = this.column('stop_times.txt', field);
    const out = new Int32Array(rows);
    for (let r = 0; r < rows; r++) {
      const text = value(r);
      out[r] = text === '' ? NO_TIME : (parseTime(text) ?? BAD_TIME);
    }
    return out;
  }
}

function isSorted(group: number[], sequence: Float64Array): boolean {
  for (let i = 1; i < group.length; i++) if (sequence[group[i - 1]] > sequence[group[i]]) return false;
  return true;
}
