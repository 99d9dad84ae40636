import { describe, expect, it } from 'vitest';
import { feedWith, makeContext } from '../test-support/make-feed.ts';
import { check } from './start-and-end-range-out-of-order.ts';

describe('start_and_end_range_out_of_order', () => {
  it('reports a calendar ending before it starts', () => {
    const feed = feedWith({
      'calendar.txt':
        'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20261231,20260101\n',
    });
    expect(check(feed, makeContext(feed))).toEqual([
      {
        code: 'start_and_end_range_out_of_order',
        severity: 'error',
        filename: 'calendar.txt',
        csvRowNumber: 2,
        entityId: 'WD',
        startFieldName: 'start_date',
        startValue: '20261231',
        endFieldName: 'end_date',
        endValue: '20260101',
      },
    ]);
  });
  it('raises nothing on a clean feed', () => {
    const feed = feedWith({});
    expect(check(feed, makeContext(feed))).toEqual([]);
  });
});
