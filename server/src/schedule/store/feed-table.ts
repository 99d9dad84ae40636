import type { GtfsFeed, GtfsTable } from '../../gtfs/index.ts';

/** Reads the columns of one GTFS file by name; absent columns read as null. */
export type FeedTable = {
  name: string;
  rows: string[][];
  /** Accessor of a column: text or null when absent or empty. */
  text(field: string): (row: string[]) => string | null;
  /** Like text, but a value is required: a missing column fails the load. */
  required(field: string): (row: string[]) => string;
  int(field: string): (row: string[], index: number) => number | null;
  float(field: string): (row: string[], index: number) => number | null;
};

export class ScheduleStoreError extends Error {}

/** A cell that should hold a number: the load fails with this sentence (row `index` of the file). */
export function notANumber(file: string, index: number, field: string, value: string): ScheduleStoreError {
  return new ScheduleStoreError(
    `${file} line ${index + 2}: ${field} "${value}" is not a number; fix it and upload again.`,
  );
}

export function feedTable(feed: GtfsFeed, name: string): FeedTable {
  return tableColumns(feed.get(name) ?? { name, header: [], rows: [] });
}

/** The same over one table (e.g. one still being read). */
export function tableColumns(table: GtfsTable): FeedTable {
  const { name } = table;
  const text = (field: string) => {
    const i = table.header.indexOf(field);
    return (row: string[]) => (i < 0 || !row[i] ? null : row[i]);
  };
  const number = (field: string, parse: (value: string) => number, integer: boolean) => {
    const read = text(field);
    return (row: string[], index: number) => {
      const value = read(row);
      if (value === null) return null;
      const parsed = parse(value);
      if (!Number.isFinite(parsed) || (integer && !/^[+-]?\d+$/.test(value))) {
        throw notANumber(name, index, field, value);
      }
      return parsed;
    };
  };
  return {
    name,
    rows: table.rows,
    text,
    required(field) {
      const i = table.header.indexOf(field);
      if (table.rows.length > 0 && i < 0) {
        throw new ScheduleStoreError(`${name} has no ${field} column; add it and upload again.`);
      }
      return (row) => row[i] ?? '';
    },
    int: (field) => number(field, (v) => Number.parseInt(v, 10), true),
    float: (field) => number(field, Number, false),
  };
}
