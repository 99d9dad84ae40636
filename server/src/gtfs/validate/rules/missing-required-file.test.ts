import { describe, expect, it } from 'vitest';
import { feedWith } from '../test-support/make-feed.ts';
import { check } from './missing-required-file.ts';

describe('missing_required_file', () => {
  it('reports a missing stops.txt and missing calendars', () => {
    const feed = feedWith({ 'stops.txt': undefined, 'calendar.txt': undefined });
    expect(check(feed)).toEqual([
      { code: 'missing_required_file', severity: 'error', filename: 'stops.txt' },
      { code: 'missing_calendar_and_calendar_date_files', severity: 'error' },
    ]);
  });
  it('accepts calendar_dates.txt without calendar.txt (Metro-North)', () => {
    const feed = feedWith({
      'calendar.txt': undefined,
      'calendar_dates.txt': 'service_id,date,exception_type\nWD,20260901,1\n',
    });
    expect(check(feed)).toEqual([]);
  });
  it('raises nothing on a clean feed', () => expect(check(feedWith({}))).toEqual([]));
});
