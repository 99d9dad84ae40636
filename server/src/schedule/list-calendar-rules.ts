import { calendarDates, calendars } from '@feeddesk/drizzle';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from './statement-batches.ts';
import type { CalendarException, CalendarRule } from './time/active-services.ts';

export type ListCalendarRulesOptions = {
  versionId: number;
  /** Only the rules that can apply to these service dates (YYYYMMDD). */
  dates: string[];
  /** Only these services (all when absent). */
  serviceIds?: string[];
};

/** calendar.txt and calendar_dates.txt rows bearing on some dates, for activeServiceIds(). */
export async function listCalendarRules(
  deps: Pick<Deps, 'db'>,
  { versionId, dates, serviceIds }: ListCalendarRulesOptions,
): Promise<{ calendars: CalendarRule[]; calendarDates: CalendarException[] }> {
  if (dates.length === 0 || serviceIds?.length === 0) return { calendars: [], calendarDates: [] };
  const sorted = [...dates].sort();
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  const rules = await deps.db
    .select({
      serviceId: calendars.serviceId,
      weekdays: calendars.weekdays,
      startDate: calendars.startDate,
      endDate: calendars.endDate,
    })
    .from(calendars)
    .where(
      and(
        eq(calendars.versionId, versionId),
        lte(calendars.startDate, last),
        gte(calendars.endDate, first),
        serviceIds ? isAnyOf(calendars.serviceId, serviceIds) : undefined,
      ),
    );
  const exceptions = await deps.db
    .select({
      serviceId: calendarDates.serviceId,
      date: calendarDates.date,
      exceptionType: calendarDates.exceptionType,
    })
    .from(calendarDates)
    .where(
      and(
        eq(calendarDates.versionId, versionId),
        isAnyOf(calendarDates.date, dates),
        serviceIds ? isAnyOf(calendarDates.serviceId, serviceIds) : undefined,
      ),
    );
  return { calendars: rules, calendarDates: exceptions };
}
