import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/**
 * A value had leading or trailing blanks. GTFS reference, "File Requirements": fields should not
 * be padded; ids that differ only by a blank are a common cause of broken references. The reader
 * has already trimmed the value, so `fieldValue` is the trimmed text.
 */
export const LEADING_OR_TRAILING_WHITESPACES: NoticeSpec = {
  code: 'leading_or_trailing_whitespaces',
  severity: 'warning',
  description: 'A value has leading or trailing spaces (they were removed before validation).',
};

export const codes = [LEADING_OR_TRAILING_WHITESPACES];

/** The reader records the count and the first samples in `table.padded`; only the samples become notices. */
export function check(feed: GtfsFeed): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    for (const { row, col } of table.padded?.samples ?? []) {
      const fieldName = table.header[col] ?? '';
      const fieldValue = row < 0 ? fieldName : (table.rows[row]?.[col] ?? '');
      notices.push(
        notice(LEADING_OR_TRAILING_WHITESPACES, { filename, csvRowNumber: row + 2, fieldName, fieldValue }),
      );
    }
  }
  return notices;
}
