import { trips } from '@feeddesk/drizzle';
import { and, eq, max } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listCalendarRules } from './list-calendar-rules.ts';
import { isAnyOf } from './statement-batches.ts';
import { activeServiceIds } from './time/active-services.ts';
import { addDays, type ServiceDate, serviceDateOf, serviceDayStartSecs } from './time/service-day.ts';

export type EndOfService = {
  /** The service day whose last train it is (YYYYMMDD), null when no service runs. */
  serviceDate: ServiceDate | null;
  /** POSIX seconds of that day's last arrival in the current schedule; null when none. */
  end: number | null;
};

/**
 * "Until end of service" of the alert editor: the last arrival of the service day running at `at`
 * (default now), in the current schedule and the agency's zone, not a fixed 23:59. Shortly after
 * midnight that is still the previous day's service while its last trains run (GTFS times pass 24:00).
 */
export async function findEndOfService(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { at?: number } = {},
): Promise<EndOfService> {
  const current = await findCurrentSchedule(deps);
  if (!current) return { serviceDate: null, end: null };
  const atSecs = options.at ?? Math.floor(deps.now().getTime() / 1000);
  const today = serviceDateOf(new Date(atSecs * 1000), current.timezone);
  const yesterday = addDays(today, -1);
  const rules = await listCalendarRules(deps, { versionId: current.versionId, dates: [yesterday, today] });
  const lastArrival = async (date: ServiceDate): Promise<number | null> => {
    const services = activeServiceIds(date, rules.calendars, rules.calendarDates);
    if (services.length === 0) return null;
    const [row] = await deps.db
      .select({ last: max(trips.endSecs) })
      .from(trips)
      .where(and(eq(trips.versionId, current.versionId), isAnyOf(trips.serviceId, services)));
    const last = row?.last;
    return last === null || last === undefined ? null : serviceDayStartSecs(date, current.timezone) + last;
  };
  const late = await lastArrival(yesterday);
  if (late !== null && late >= atSecs) return { serviceDate: yesterday, end: late };
  const end = await lastArrival(today);
  return end === null ? { serviceDate: null, end: null } : { serviceDate: today, end };
}
