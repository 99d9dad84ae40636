import { describe, expect, it } from 'vitest';
import { attentionText, listedState, matchesAlertFilter } from './alert-list-state.ts';

describe('the alert list state and filter', () => {
  it('shows a draft as a draft whatever its times, else the server state', () => {
    expect(listedState({ state: 'upcoming', draft: true })).toBe('draft');
    expect(listedState({ state: 'upcoming', draft: false })).toBe('upcoming');
  });

  it('filters by state; "all" keeps everything', () => {
    const items = [
      { state: 'active' },
      { state: 'upcoming' },
      { state: 'upcoming', draft: true },
      { state: 'ended' },
    ];
    expect(items.filter((i) => matchesAlertFilter(i, 'upcoming'))).toEqual([{ state: 'upcoming' }]);
    expect(items.filter((i) => matchesAlertFilter(i, 'draft'))).toEqual([{ state: 'upcoming', draft: true }]);
    expect(items.filter((i) => matchesAlertFilter(i, 'all'))).toHaveLength(4);
  });

  it('says when an alert ends soon, or how long it has had no end', () => {
    const now = 1_700_000_000_000;
    const ending = { code: 'ending_soon' as const, endsAt: now / 1000 + 1_200 };
    expect(attentionText(ending, now, 'UTC')).toMatch(/^Ends in 20 min \(22:33\)/);
    const open = { code: 'open_ended' as const, since: now / 1000 - 30 * 3600, hours: 24 };
    expect(attentionText(open, now, 'UTC')).toBe('No end for 30 h (over 24 h): check it still applies.');
  });
});
