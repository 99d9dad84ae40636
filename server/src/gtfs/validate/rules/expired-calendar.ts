import { FILE } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { dateNumber, parseDate } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/**
 * A service's dates are all in the past. GTFS Best Practices: remove expired services (MobilityData
 * ExpiredCalendarValidator, WARNING). A service ends at the later of calendar.end_date and its
 * last added date in calendar_dates.txt (exception_type 1).
 */
export const EXPIRED_CALENDAR: NoticeSpec = {
  code: 'expired_calendar',
  severity: 'warning',
  description: 'All the dates of a service in calendar.txt are in the past.',
};

export const codes = [EXPIRED_CALENDAR];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const today = dateNumber(ctx.now);
  const lastAdded = lastAddedDates(feed, ctx);
  const [serviceIdOf, endDate] = ['service_id', 'end_date'].map((f) => ctx.index.column(FILE.calendar, f));
  const notices: Notice[] = [];
  for (let r = 0; r < (feed.get(FILE.calendar)?.rows.length ?? 0); r++) {
    const serviceId = serviceIdOf(r);
    const end = parseDate(endDate(r));
    if (end === undefined) continue;
    if (Math.max(end, lastAdded.get(serviceId) ?? 0) < today) {
      notices.push(notice(EXPIRED_CALENDAR, { filename: 'calendar.txt', csvRowNumber: r + 2, serviceId }));
    }
  }
  return notices;
}

function lastAddedDates(feed: GtfsFeed, ctx: RuleContext): Map<string, number> {
  const [serviceId, date, type] = ['service_id', 'date', 'exception_type'].map((f) =>
    ctx.index.column(FILE.calendarDates, f),
  );
  const last = new Map<string, number>();
  for (let r = 0; r < (feed.get(FILE.calendarDates)?.rows.length ?? 0); r++) {
    const d = parseDate(date(r));
    if (type(r) === '1' && d !== undefined && d > (last.get(serviceId(r)) ?? 0)) last.set(serviceId(r), d);
  }
  return last;
}
