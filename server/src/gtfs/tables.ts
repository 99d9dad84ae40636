/** Where a GTFS row came from in an uploaded workbook, so notices point at the cell to fix. */
export type RowOrigin = { sheet: string; cell: string };

/**
 * One GTFS file in memory, as text (values trimmed of padding). `rows[i]` has one value per
 * header column; its CSV line number is i + 2. `origins[i]`, when present, is the workbook cell
 * the row came from.
 */
export type GtfsTable = {
  name: string;
  header: string[];
  rows: string[][];
  origins?: (RowOrigin | undefined)[];
  /**
   * Values (and header names) that had leading or trailing blanks before trimming, for the
   * validator's `leading_or_trailing_whitespaces`: total count and the first samples.
   * `row` indexes `rows`, or is -1 for the header line.
   */
  padded?: { count: number; samples: { row: number; col: number }[] };
  /** CSV lines whose field count differs from the header's (`invalid_row_length`): count and samples. */
  badRowLengths?: { count: number; samples: { row: number; length: number }[] };
};

/** A whole feed: file name (e.g. 'stop_times.txt') → table. */
export type GtfsFeed = Map<string, GtfsTable>;

/** A problem found while reading an input file (not a GTFS rule): always blocks the upload. */
export type InputProblem = {
  code: string;
  message: string;
  sheet?: string;
  cell?: string;
  file?: string;
};

export function column(table: GtfsTable, field: string): number {
  return table.header.indexOf(field);
}
