import { describe, expect, it } from 'vitest';
import { FeedChanges } from './feed-changes.ts';

describe('FeedChanges.changedRun', () => {
  it('is the run the act wrote: that date only when it gave one, every date of the trip when it gave none', () => {
    const dated = new FeedChanges();
    dated.wrote('trip_update', [{ id: 'N1-20250926', tripId: 'N1', startDate: '20250926' }]);
    expect(dated.changedRun('N1', '20250926')).toBe(true);
    expect(dated.changedRun('N1', '20250927')).toBe(false);
    expect(dated.changedRun('N2', '20250926')).toBe(false);
    const undated = new FeedChanges();
    undated.wrote('trip_update', [{ id: 'x', tripId: 'N1' }]);
    expect(undated.changedRun('N1', '20250927')).toBe(true);
    // An alert is no run.
    undated.wrote('alert', [{ id: 'a', tripId: 'N3', startDate: '20250926' }]);
    expect(undated.changedRun('N3', '20250926')).toBe(false);
  });
});
