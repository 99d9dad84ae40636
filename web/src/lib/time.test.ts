import { describe, expect, it } from 'vitest';
import { secondsIntoServiceDay, zonedDate, zonedTomorrow } from './time.ts';

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

describe('secondsIntoServiceDay', () => {
  it("counts from the service date's midnight in the agency zone: negative the day before, past 24 h after", () => {
    const at = new Date('2026-11-26T17:40:00Z'); // 06:40 NZDT on Friday 27 November
    expect(secondsIntoServiceDay('20261127', 'Pacific/Auckland', at)).toBe(6 * 3600 + 40 * 60);
    expect(secondsIntoServiceDay('20261128', 'Pacific/Auckland', at)).toBe(-(17 * 3600 + 20 * 60));
    expect(secondsIntoServiceDay('20261126', 'Pacific/Auckland', at)).toBe(30 * 3600 + 40 * 60);
  });

  it('counts from noon minus 12 h on the day the clocks go back (GTFS), so times past 03:00 stay true', () => {
    const at = new Date('2026-04-04T21:00:00Z'); // 09:00 NZST on 5 April, a 25-hour day
    expect(secondsIntoServiceDay('20260405', 'Pacific/Auckland', at)).toBe(9 * 3600);
  });
});
