import { describe, expect, it } from 'vitest';
import type { Notice } from '../types.ts';
import { plannerWarnings } from './planner-warnings.ts';

const expired = (serviceId: string): Notice => ({
  code: 'expired_calendar',
  severity: 'warning',
  filename: 'calendar.txt',
  serviceId,
});
const ending = (code: string, feedEndDate: string): Notice => ({
  code,
  severity: 'warning',
  filename: 'feed_info.txt',
  currentDate: '20281220',
  feedEndDate,
});

describe('plannerWarnings', () => {
  it('names the expired services and the end of the feed in one sentence each', () => {
    expect(
      plannerWarnings([
        expired('WE'),
        expired('SAT'),
        ending('feed_expiration_date30_days', '20281231'),
        { code: 'unknown_file', severity: 'info' },
      ]),
    ).toEqual([
      '⚠ 2 services have an expired calendar (all its dates are in the past): WE, SAT. Remove them or give them new dates.',
      '⚠ The schedule ends on 2028-12-31 (feed_info.feed_end_date), within 30 days: upload the next one before then.',
    ]);
  });

  it('says a feed that already ended has ended, and says nothing of a feed without these notices', () => {
    expect(plannerWarnings([ending('feed_expiration_date7_days', '20281201')])).toEqual([
      '⚠ The schedule ended on 2028-12-01 (feed_info.feed_end_date): upload a current one.',
    ]);
    expect(plannerWarnings([{ code: 'unknown_file', severity: 'info' }])).toEqual([]);
  });
});
