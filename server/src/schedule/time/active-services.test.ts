import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { activeServiceIds } from './active-services.ts';

const calendars = [
  { serviceId: 'WD', weekdays: 0b0011111, startDate: '20250101', endDate: '20251231' },
  { serviceId: 'WE', weekdays: 0b0100000, startDate: '20250101', endDate: '20251231' },
  { serviceId: 'SU', weekdays: 0b1000000, startDate: '20250101', endDate: '20251231' },
];
const calendarDates = [
  { serviceId: 'WD', date: '20250924', exceptionType: 2 },
  { serviceId: 'HOL', date: '20250924', exceptionType: 1 },
];

describe('activeServiceIds', () => {
  it('takes weekdays from the bitmask (bit 0 = Monday)', () => {
    expect(activeServiceIds('20250923', calendars, calendarDates)).toEqual(['WD']); // Tuesday
    expect(activeServiceIds('20250927', calendars, calendarDates)).toEqual(['WE']); // Saturday
    expect(activeServiceIds('20250928', calendars, calendarDates)).toEqual(['SU']); // Sunday
  });

  it('applies calendar_dates: removed and added services', () => {
    expect(activeServiceIds('20250924', calendars, calendarDates)).toEqual(['HOL']);
  });

  it('respects the date range', () => {
    expect(activeServiceIds('20260105', calendars, calendarDates)).toEqual([]);
  });
});

describe('activeServiceIds weekdays', () => {
  it('puts every date of two years, leap day and year ends included, on its ISO weekday', () => {
    const rules = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      serviceId: `day${weekday}`,
      weekdays: 1 << (weekday - 1),
      startDate: '20000101',
      endDate: '20991231',
    }));
    for (let day = DateTime.utc(2027, 12, 25); day.year < 2030; day = day.plus({ days: 1 })) {
      expect(activeServiceIds(day.toFormat('yyyyLLdd'), rules, []), day.toISODate()!).toEqual([
        `day${day.weekday}`,
      ]);
    }
  });
});
