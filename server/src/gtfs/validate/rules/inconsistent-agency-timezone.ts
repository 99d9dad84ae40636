import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** Agencies have different time zones. GTFS reference, agency.agency_timezone: all agencies must have the same. */
export const INCONSISTENT_AGENCY_TIMEZONE: NoticeSpec = {
  code: 'inconsistent_agency_timezone',
  severity: 'error',
  description: 'Agencies of one feed have different agency_timezone values.',
};

export const codes = [INCONSISTENT_AGENCY_TIMEZONE];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const timezone = ctx.index.column('agency.txt', 'agency_timezone');
  const rows = feed.get('agency.txt')?.rows.length ?? 0;
  const expected = rows > 0 ? timezone(0) : '';
  const notices: Notice[] = [];
  for (let r = 1; r < rows; r++) {
    const actual = timezone(r);
    if (actual !== expected) {
      notices.push(
        notice(INCONSISTENT_AGENCY_TIMEZONE, {
          filename: 'agency.txt',
          csvRowNumber: r + 2,
          expected,
          actual,
        }),
      );
    }
  }
  return notices;
}
