import { FILE_SPEC_BY_NAME } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/** A required column is missing. GTFS reference: required fields' columns must be present. */
export const MISSING_REQUIRED_COLUMN: NoticeSpec = {
  code: 'missing_required_column',
  severity: 'error',
  description: 'A required column is missing from the file header.',
};

/** The same column name appears twice in a header. GTFS reference, "File Requirements". */
export const DUPLICATED_COLUMN: NoticeSpec = {
  code: 'duplicated_column',
  severity: 'error',
  description: 'The same column name appears twice in the file header.',
};

/** A column name is empty. GTFS reference, "File Requirements": field names must be given. */
export const EMPTY_COLUMN_NAME: NoticeSpec = {
  code: 'empty_column_name',
  severity: 'warning',
  description: 'A column name in the file header is empty.',
};

/** A column is not defined by the GTFS reference for this file and is ignored. */
export const UNKNOWN_COLUMN: NoticeSpec = {
  code: 'unknown_column',
  severity: 'info',
  description: 'A column is not defined by the GTFS reference for this file and is ignored.',
};

export const codes = [MISSING_REQUIRED_COLUMN, DUPLICATED_COLUMN, EMPTY_COLUMN_NAME, UNKNOWN_COLUMN];

export function check(feed: GtfsFeed): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    const spec = FILE_SPEC_BY_NAME.get(filename);
    if (!spec || table.header.length === 0) continue;
    const known = new Set(spec.fields.map((f) => f.name));
    const firstIndex = new Map<string, number>();
    table.header.forEach((fieldName, index) => {
      const first = firstIndex.get(fieldName);
      if (fieldName === '') notices.push(notice(EMPTY_COLUMN_NAME, { filename, index }));
      else if (first !== undefined) {
        notices.push(
          notice(DUPLICATED_COLUMN, { filename, fieldName, firstIndex: first, secondIndex: index }),
        );
      } else if (!known.has(fieldName)) notices.push(notice(UNKNOWN_COLUMN, { filename, fieldName, index }));
      if (first === undefined) firstIndex.set(fieldName, index);
    });
    for (const field of spec.fields) {
      if (field.presence && !firstIndex.has(field.name)) {
        notices.push(notice(MISSING_REQUIRED_COLUMN, { filename, fieldName: field.name }));
      }
    }
  }
  return notices;
}
