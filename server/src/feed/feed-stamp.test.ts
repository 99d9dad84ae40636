import { describe, expect, it } from 'vitest';
import { feedStamp, STAMP_EVERY_SECONDS, stampSlot } from './feed-stamp.ts';

describe('feedStamp', () => {
  it('re-stamps unchanged content on the 15-second grid, never more than 15 s old', () => {
    expect(STAMP_EVERY_SECONDS).toBe(15);
    expect(stampSlot(1_700_000_007)).toBe(1_699_999_995);
    expect(stampSlot(1_699_999_995)).toBe(1_699_999_995);
    for (let now = 1_000_000_000; now < 1_000_000_100; now++) {
      const stamp = feedStamp({ changedSec: 999_000_000, nowSec: now });
      expect(now - stamp).toBeGreaterThanOrEqual(0);
      expect(now - stamp).toBeLessThan(15);
    }
  });

  it('gives an empty feed (no change ever) the current slot, not 0', () => {
    expect(feedStamp({ changedSec: 0, nowSec: 1_700_000_007 })).toBe(1_699_999_995);
  });

  it('stamps a change with its own second when it is later than the slot', () => {
    expect(
      feedStamp({
        changedSec: 1_700_000_003,
        nowSec: 1_700_000_004,
        previous: { stamp: 1_699_999_995, contentChanged: true },
      }),
    ).toBe(1_700_000_003);
  });

  it('moves the stamp on a change within the second of the previous stamp, by at most one second ahead', () => {
    const previous = { stamp: 1_700_000_003, contentChanged: true };
    expect(feedStamp({ changedSec: 1_700_000_003, nowSec: 1_700_000_003, previous })).toBe(1_700_000_004);
    const ahead = { stamp: 1_700_000_004, contentChanged: true };
    expect(feedStamp({ changedSec: 1_700_000_003, nowSec: 1_700_000_003, previous: ahead })).toBe(
      1_700_000_004,
    );
  });

  it('never decreases, even when the clock steps back', () => {
    const previous = { stamp: 1_700_000_030, contentChanged: false };
    expect(feedStamp({ changedSec: 1_700_000_000, nowSec: 1_700_000_010, previous })).toBe(1_700_000_030);
  });
});
