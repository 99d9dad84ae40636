import { packedRows } from '../../packed-rows.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/** A row has a different number of values than the header. GTFS reference, "File Requirements". */
export const INVALID_ROW_LENGTH: NoticeSpec = {
  code: 'invalid_row_length',
  severity: 'error',
  description: 'A row has a different number of values than the header has columns.',
};

export const codes = [INVALID_ROW_LENGTH];

/**
 * The reader pads or cuts such rows to the header's width and records them in `badRowLengths`
 * (count and first samples: only the samples become notices); rows still of another width are
 * reported too.
 */
export function check(feed: GtfsFeed): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    const headerCount = table.header.length;
    if (headerCount === 0) continue;
    const add = (row: number, rowLength: number) =>
      notices.push(notice(INVALID_ROW_LENGTH, { filename, csvRowNumber: row + 2, rowLength, headerCount }));
    for (const { row, length } of table.badRowLengths?.samples ?? []) add(row, length);
    // Packed rows always hold one value per column.
    if (packedRows(table.rows)) continue;
    table.rows.forEach((row, i) => {
      if (row.length !== headerCount) add(i, row.length);
    });
  }
  return notices;
}
