import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import * as expiredCalendar from './expired-calendar.ts';
import * as feedExpiration from './feed-expiration-date.ts';

const now = new Date('2026-09-01T10:00:00Z');

describe('date rules (relative to options.now)', () => {
  it('expired_calendar: a service ended yesterday, another extended by calendar_dates', () => {
    const feed = feedWith({
      'calendar.txt':
        'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n' +
        'WD,1,1,1,1,1,0,0,20260101,20260831\nWE,0,0,0,0,0,1,1,20260101,20260831\n',
      'calendar_dates.txt': 'service_id,date,exception_type\nWE,20260905,1\n',
    });
    expect(expiredCalendar.check(feed, makeContext(feed, now))).toEqual([
      {
        code: 'expired_calendar',
        severity: 'warning',
        filename: 'calendar.txt',
        csvRowNumber: 2,
        serviceId: 'WD',
      },
    ]);
  });
  it('feed_expiration_date7_days and feed_expiration_date30_days', () => {
    const info = (end: string) =>
      feedWith({
        'feed_info.txt': `feed_publisher_name,feed_publisher_url,feed_lang,feed_end_date\nP,https://p.za,en,${end}\n`,
      });
    const base = { severity: 'warning', filename: 'feed_info.txt', csvRowNumber: 2, currentDate: '20260901' };
    const in5 = info('20260906');
    expect(feedExpiration.check(in5, makeContext(in5, now))).toEqual([
      {
        code: 'feed_expiration_date7_days',
        ...base,
        feedEndDate: '20260906',
        suggestedExpirationDate: '20260908',
      },
    ]);
    const in20 = info('20260921');
    expect(feedExpiration.check(in20, makeContext(in20, now))).toEqual([
      {
        code: 'feed_expiration_date30_days',
        ...base,
        feedEndDate: '20260921',
        suggestedExpirationDate: '20261001',
      },
    ]);
  });
  it('raise nothing on a clean feed', () => {
    const clean = feedWith({});
    expect(expiredCalendar.check(clean, makeContext(clean, now))).toEqual([]);
    expect(feedExpiration.check(clean, makeContext(clean, now))).toEqual([]);
  });
});
