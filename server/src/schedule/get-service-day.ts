import { calendarDates, calendars } from '@feeddesk/drizzle';
import { and, eq, max, min } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listCalendarRules } from './list-calendar-rules.ts';
import { activeServiceIds } from './time/active-services.ts';
import { addDays } from './time/service-day.ts';

export type ServiceDay = {
  date: string;
  /** The services running that date; empty = no train runs. */
  serviceIds: string[];
  /** The first and last dates any service of the current schedule runs (YYYYMMDD); null without one. */
  runsFrom: string | null;
  runsTo: string | null;
  /** What to tell a controller when no service runs that date; null when some does. */
  noService: string | null;
  /** With a service asked about: whether it runs that date, else the next date it does. */
  service?: ServiceOnDate;
};

export type ServiceOnDate = {
  serviceId: string;
  runs: boolean;
  /** The next date (YYYYMMDD) it runs within a year, when it does not run on the date; else null. */
  nextDate: string | null;
  /** "WE does not run on 2026-12-07 (a Monday); it next runs on 2026-12-12." null when it runs. */
  notRunning: string | null;
};

/** How far ahead the next date of a service is looked for: a timetable's year. */
const LOOK_AHEAD_DAYS = 366;

/**
 * Whether the current schedule runs on a service date, and over which dates it runs: a timetable
 * whose calendars have ended finds no trains "today", and the screens say why instead of showing
 * an empty list.
 */
export async function getServiceDay(
  deps: Pick<Deps, 'db' | 'now'>,
  date: string,
  options: { service?: string } = {},
): Promise<ServiceDay> {
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
    ...(options.service && {
      service: await serviceOnDate(deps, current.versionId, date, options.service, serviceIds),
    }),
  };
}

/**
 * Whether a chosen service runs on the date, else the next date it does: a controller who picks
 * the weekend service on a Monday is told so and offered Saturday, not "No trips found".
 */
async function serviceOnDate(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  date: string,
  serviceId: string,
  running: string[],
): Promise<ServiceOnDate> {
  if (running.includes(serviceId)) return { serviceId, runs: true, nextDate: null, notRunning: null };
  const ahead = Array.from({ length: LOOK_AHEAD_DAYS }, (_, i) => addDays(date, i + 1));
  const rules = await listCalendarRules(deps, {
    versionId,
    dates: [date, ...ahead],
    serviceIds: [serviceId],
  });
  const nextDate =
    ahead.find((d) => activeServiceIds(d, rules.calendars, rules.calendarDates).includes(serviceId)) ?? null;
  const later = nextDate
    ? `it next runs on ${iso(nextDate)} (${weekday(nextDate)})`
    : 'it runs on no later date of the current schedule';
  return {
    serviceId,
    runs: false,
    nextDate,
    notRunning: `Service ${serviceId} does not run on ${iso(date)} (${weekday(date)}); ${later}.`,
  };
}

const weekday = (d: string) =>
  new Date(
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))),
  ).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** "The current schedule has no service on 2026-11-23; it runs from 2025-01-01 to 2025-12-31." */
export function noServiceOn(date: string, runsFrom: string | null, runsTo: string | null): string {
  const span = runsFrom && runsTo ? `; it runs from ${iso(runsFrom)} to ${iso(runsTo)}` : '';
  return `The current schedule has no service on ${iso(date)}${span}.`;
}

const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const present = (...dates: (string | null | undefined)[]) => dates.filter((d): d is string => !!d).sort();
const earliest = (...dates: (string | null | undefined)[]) => present(...dates)[0] ?? null;
const latest = (...dates: (string | null | undefined)[]) => present(...dates).at(-1) ?? null;
