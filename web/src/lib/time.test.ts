import { describe, expect, it } from 'vitest';
import { zonedDate, zonedTomorrow } from './time.ts';

describe('zonedTomorrow', () => {
  it('is the next calendar day in the agency zone, also on the nights its clocks change', () => {
    // Auckland's clocks go back on 5 April 2026 (a 25-hour day) and forward on 27 September 2026.
    const longDayStart = new Date('2026-04-04T11:30:00Z'); // 00:30 NZDT on 5 April
    expect(zonedDate(longDayStart, 'Pacific/Auckland')).toBe('2026-04-05');
    expect(zonedTomorrow(longDayStart, 'Pacific/Auckland')).toBe('2026-04-06');
    const shortDayEnd = new Date('2026-09-26T11:30:00Z'); // 23:30 NZST on 26 September
    expect(zonedDate(shortDayEnd, 'Pacific/Auckland')).toBe('2026-09-26');
    expect(zonedTomorrow(shortDayEnd, 'Pacific/Auckland')).toBe('2026-09-27');
  });

  it("is the agency's tomorrow, not the browser's or UTC's", () => {
    // 23:30 UTC on 31 December: 12:30 on 1 January in Auckland, 15:30 on 31 December in Los Angeles.
    const at = new Date('2026-12-31T23:30:00Z');
    expect(zonedTomorrow(at, 'Pacific/Auckland')).toBe('2027-01-02');
    expect(zonedTomorrow(at, 'America/Los_Angeles')).toBe('2027-01-01');
  });
});
