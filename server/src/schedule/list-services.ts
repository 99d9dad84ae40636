import { calendarDates, calendars } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

/** Every service_id of calendar.txt and calendar_dates.txt, once each, sorted; empty when none is loaded. */
export async function listServices(deps: Pick<Deps, 'db'>): Promise<string[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const rules = await deps.db
    .selectDistinct({ serviceId: calendars.serviceId })
    .from(calendars)
    .where(eq(calendars.versionId, current.versionId));
  const exceptions = await deps.db
    .selectDistinct({ serviceId: calendarDates.serviceId })
    .from(calendarDates)
    .where(eq(calendarDates.versionId, current.versionId));
  const ids = new Set([...rules, ...exceptions].map((r) => r.serviceId));
  return [...ids].sort();
}
