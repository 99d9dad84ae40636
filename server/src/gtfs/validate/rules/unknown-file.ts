import { FILE_SPEC_BY_NAME, OTHER_KNOWN_FILES } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/** A file is not part of the GTFS reference; it is ignored (MobilityData UnknownFileNotice, INFO). */
export const UNKNOWN_FILE: NoticeSpec = {
  code: 'unknown_file',
  severity: 'info',
  description: 'A file is not defined by the GTFS reference and is ignored.',
};

export const codes = [UNKNOWN_FILE];

export function check(feed: GtfsFeed): Notice[] {
  return [...feed.keys()]
    .filter((name) => !FILE_SPEC_BY_NAME.has(name) && !OTHER_KNOWN_FILES.includes(name))
    .map((filename) => notice(UNKNOWN_FILE, { filename }));
}
