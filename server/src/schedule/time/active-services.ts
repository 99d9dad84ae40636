import type { ServiceDate } from './service-day.ts';

/** A calendar.txt row: `weekdays` bit 0 = Monday … bit 6 = Sunday. */
export type CalendarRule = { serviceId: string; weekdays: number; startDate: string; endDate: string };
/** A calendar_dates.txt row: exceptionType 1 = added, 2 = removed. */
export type CalendarException = { serviceId: string; date: string; exceptionType: number };

/** The service ids running on `date`, sorted: calendar.txt rules, then calendar_dates.txt exceptions. */
export function activeServiceIds(
  date: ServiceDate,
  calendars: readonly CalendarRule[],
  calendarDates: readonly CalendarException[],
): string[] {
  const weekdayBit = 1 << (weekdayOf(date) - 1);
  const active = new Set<string>();
  for (const rule of calendars) {
    if (rule.startDate <= date && date <= rule.endDate && (rule.weekdays & weekdayBit) !== 0) {
      active.add(rule.serviceId);
    }
  }
  for (const exception of calendarDates) {
    if (exception.date !== date) continue;
    if (exception.exceptionType === 1) active.add(exception.serviceId);
    if (exception.exceptionType === 2) active.delete(exception.serviceId);
  }
  return [...active].sort();
}

/** ISO weekday of a `YYYYMMDD` date: 1 = Monday … 7 = Sunday. */
function weekdayOf(date: ServiceDate): number {
  // Plain UTC date arithmetic: luxon's was most of the cost of every save's calendar check.
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)));
  return d.getUTCDay() || 7;
}
