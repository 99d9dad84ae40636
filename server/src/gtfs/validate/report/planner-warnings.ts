import type { GtfsFeed } from '../../tables.ts';
import { column } from '../../tables.ts';
import type { Notice } from '../types.ts';

/**
 * The warnings a planner must act on before the schedule runs out, as sentences for the upload log:
 * expired calendars and a feed that ends within 30 days. The report has them too, but among everything else.
 */
export function plannerWarnings(notices: Notice[]): string[] {
  const lines: string[] = [];
  const expired = notices.filter((n) => n.code === 'expired_calendar').map((n) => String(n.serviceId));
  if (expired.length > 0) {
    const shown = expired.slice(0, 10).join(', ');
    const more = expired.length > 10 ? ` and ${expired.length - 10} more` : '';
    lines.push(
      `⚠ ${expired.length === 1 ? '1 service has' : `${expired.length} services have`} an expired calendar (all its dates are in the past): ${shown}${more}. Remove them or give them new dates.`,
    );
  }
  const ending = notices.find(
    (n) => n.code === 'feed_expiration_date7_days' || n.code === 'feed_expiration_date30_days',
  );
  if (ending) {
    const days = ending.code === 'feed_expiration_date7_days' ? 7 : 30;
    const end = String(ending.feedEndDate);
    lines.push(
      end < String(ending.currentDate)
        ? `⚠ The schedule ended on ${isoDate(end)} (feed_info.feed_end_date): upload a current one.`
        : `⚠ The schedule ends on ${isoDate(end)} (feed_info.feed_end_date), within ${days} days: upload the next one before then.`,
    );
  }
  return lines;
}

/** The agency's time zone (agency.txt, first row), in which the report gives its times. */
export function agencyTimeZone(feed: GtfsFeed): string | undefined {
  const agency = feed.get('agency.txt');
  const at = agency ? column(agency, 'agency_timezone') : -1;
  return (agency && at >= 0 && agency.rows[0]?.[at]) || undefined;
}

function isoDate(yyyymmdd: string): string {
  return /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`
    : yyyymmdd;
}
