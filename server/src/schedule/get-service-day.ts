import { calendarDates, calendars } from '@feeddesk/drizzle';
import { and, eq, max, min } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listCalendarRules } from './list-calendar-rules.ts';
import { activeServiceIds } from './time/active-services.ts';

export type ServiceDay = {
  date: string;
  /** The services running that date; empty = no train runs. */
  serviceIds: string[];
  /** The first and last dates any service of the current schedule runs (YYYYMMDD); null without one. */
  runsFrom: string | null;
  runsTo: string | null;
  /** What to tell a controller when no service runs that date; null when some does. */
  noService: string | null;
};

/**
 * Whether the current schedule runs on a service date, and over which dates it runs: a timetable
 * whose calendars have ended finds no trains "today", and the screens say why instead of showing
 * an empty list.
 */
export async function getServiceDay(deps: Pick<Deps, 'db' | 'now'>, date: string): Promise<ServiceDay> {
  const current = await findCurrentSchedule(deps);
  if (!current) return { date, serviceIds: [], runsFrom: null, runsTo: null, noService: null };
  const rules = await listCalendarRules(deps, { versionId: current.versionId, dates: [date] });
  const serviceIds = activeServiceIds(date, rules.calendars, rules.calendarDates);
  const [rule] = await deps.db
    .select({ from: min(calendars.startDate), to: max(calendars.endDate) })
    .from(calendars)
    .where(eq(calendars.versionId, current.versionId));
  const [added] = await deps.db
    .select({ from: min(calendarDates.date), to: max(calendarDates.date) })
    .from(calendarDates)
    .where(and(eq(calendarDates.versionId, current.versionId), eq(calendarDates.exceptionType, 1)));
  const runsFrom = earliest(rule?.from, added?.from);
  const runsTo = latest(rule?.to, added?.to);
  return {
    date,
    serviceIds,
    runsFrom,
    runsTo,
    noService: serviceIds.length ? null : noServiceOn(date, runsFrom, runsTo),
  };
}

/** "The current schedule has no service on 2026-11-23; it runs from 2025-01-01 to 2025-12-31." */
export function noServiceOn(date: string, runsFrom: string | null, runsTo: string | null): string {
  const span = runsFrom && runsTo ? `; it runs from ${iso(runsFrom)} to ${iso(runsTo)}` : '';
  return `The current schedule has no service on ${iso(date)}${span}.`;
}

const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const present = (...dates: (string | null | undefined)[]) => dates.filter((d): d is string => !!d).sort();
const earliest = (...dates: (string | null | undefined)[]) => present(...dates)[0] ?? null;
const latest = (...dates: (string | null | undefined)[]) => present(...dates).at(-1) ?? null;
