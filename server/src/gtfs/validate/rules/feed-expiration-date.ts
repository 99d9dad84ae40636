import type { GtfsFeed } from '../../tables.ts';
import { addDays, dateNumber, parseDate } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** feed_end_date is less than 7 days away. GTFS Best Practices: a feed should be valid for at least the next 7 days. */
export const FEED_EXPIRATION_DATE_7_DAYS: NoticeSpec = {
  code: 'feed_expiration_date7_days',
  severity: 'warning',
  description: 'feed_info.feed_end_date is less than 7 days away: publish a new feed.',
};

/** feed_end_date is less than 30 days away. GTFS Best Practices: a feed should cover at least the next 30 days. */
export const FEED_EXPIRATION_DATE_30_DAYS: NoticeSpec = {
  code: 'feed_expiration_date30_days',
  severity: 'warning',
  description: 'feed_info.feed_end_date is less than 30 days away.',
};

export const codes = [FEED_EXPIRATION_DATE_7_DAYS, FEED_EXPIRATION_DATE_30_DAYS];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const today = dateNumber(ctx.now);
  const endDate = ctx.index.column('feed_info.txt', 'feed_end_date');
  const notices: Notice[] = [];
  for (let r = 0; r < (feed.get('feed_info.txt')?.rows.length ?? 0); r++) {
    const end = parseDate(endDate(r));
    if (end === undefined) continue;
    const [in7, in30] = [addDays(today, 7), addDays(today, 30)];
    const spec =
      end < in7 ? FEED_EXPIRATION_DATE_7_DAYS : end < in30 ? FEED_EXPIRATION_DATE_30_DAYS : undefined;
    if (!spec) continue;
    notices.push(
      notice(spec, {
        filename: 'feed_info.txt',
        csvRowNumber: r + 2,
        currentDate: String(today),
        feedEndDate: endDate(r),
        suggestedExpirationDate: String(spec === FEED_EXPIRATION_DATE_7_DAYS ? in7 : in30),
      }),
    );
  }
  return notices;
}
