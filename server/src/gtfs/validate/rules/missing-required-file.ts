import { FILE, FILE_SPECS } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice } from '../types.ts';

/** A required file is missing. GTFS reference, "Dataset Files": agency, stops, routes, trips and stop_times are required. */
export const MISSING_REQUIRED_FILE: NoticeSpec = {
  code: 'missing_required_file',
  severity: 'error',
  description: 'A required file is missing from the feed.',
};

/** Neither calendar.txt nor calendar_dates.txt is present. GTFS reference: one of them is required. */
export const MISSING_CALENDAR: NoticeSpec = {
  code: 'missing_calendar_and_calendar_date_files',
  severity: 'error',
  description: 'Both calendar.txt and calendar_dates.txt are missing: at least one of them is required.',
};

export const codes = [MISSING_REQUIRED_FILE, MISSING_CALENDAR];

export function check(feed: GtfsFeed): Notice[] {
  const notices = FILE_SPECS.filter((f) => f.presence === 'required' && !feed.has(f.name)).map((f) =>
    notice(MISSING_REQUIRED_FILE, { filename: f.name }),
  );
  if (!feed.has(FILE.calendar) && !feed.has(FILE.calendarDates)) notices.push(notice(MISSING_CALENDAR));
  return notices;
}
