import { FILE_SPEC_BY_NAME } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/**
 * A CSV file is empty: it has no header, or it is a required file with no data row.
 * GTFS reference, "File Requirements": the first line of each file must contain field names.
 */
export const EMPTY_FILE: NoticeSpec = {
  code: 'empty_file',
  severity: 'error',
  description: 'A file has no header line, or a required file has no data rows.',
};

export const codes = [EMPTY_FILE];

export function check(feed: GtfsFeed): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    const spec = FILE_SPEC_BY_NAME.get(filename);
    const noHeader = table.header.length === 0;
    const requiredWithoutRows = spec?.presence === 'required' && table.rows.length === 0;
    if ((spec && noHeader) || requiredWithoutRows) notices.push(notice(EMPTY_FILE, { filename }));
  }
  return notices;
}
