import { calendarDates, calendars } from '@feeddesk/drizzle';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

/** A calendar.txt rule: weekdays as 'MTWTF--' (Monday first), dates YYYYMMDD. */
export type CalendarRule = { weekdays: string; startDate: string; endDate: string };
/** A calendar_dates.txt exception on one date: 'added' (type 1) or 'removed' (type 2), or none. */
export type DateException = 'added' | 'removed' | null;

export type ServiceChange = {
  serviceId: string;
  change: 'added' | 'removed' | 'changed';
  /** Present when the calendar.txt rule differs. */
  calendar: { before: CalendarRule | null; after: CalendarRule | null } | null;
  /** The dates whose exception differs, in date order. */
  dates: { date: string; before: DateException; after: DateException }[];
};

/** Services whose days differ between two versions: calendar rules and calendar_dates exceptions. */
export async function diffServices(
  deps: Pick<Deps, 'db'>,
  from: number,
  to: number,
): Promise<ServiceChange[]> {
  const [rules, exceptions, fromIds, toIds] = await Promise.all([
    changedRules(deps, from, to),
    changedDates(deps, from, to),
    serviceIds(deps, from),
    serviceIds(deps, to),
  ]);
  const byService = new Map<string, ServiceChange>();
  const entry = (serviceId: string) => {
    let change = byService.get(serviceId);
    if (!change) {
      const kind = !fromIds.has(serviceId) ? 'added' : !toIds.has(serviceId) ? 'removed' : 'changed';
      change = { serviceId, change: kind, calendar: null, dates: [] };
      byService.set(serviceId, change);
    }
    return change;
  };
  for (const r of rules) entry(r.serviceId).calendar = { before: r.before, after: r.after };
  for (const d of exceptions)
    entry(d.serviceId).dates.push({ date: d.date, before: d.before, after: d.after });
  return [...byService.values()].sort((x, y) => x.serviceId.localeCompare(y.serviceId));
}

async function changedRules(deps: Pick<Deps, 'db'>, from: number, to: number) {
  const a = ruleRows(deps, from, 'a');
  const b = ruleRows(deps, to, 'b');
  const rows = await deps.db
    .select({
      serviceId: sql<string>`coalesce(${a.serviceId}, ${b.serviceId})`,
      aWeekdays: a.weekdays,
      aStart: a.startDate,
      aEnd: a.endDate,
      bWeekdays: b.weekdays,
      bStart: b.startDate,
      bEnd: b.endDate,
    })
    .from(a)
    .fullJoin(b, eq(a.serviceId, b.serviceId))
    .where(
      or(
        isNull(a.serviceId),
        isNull(b.serviceId),
        ne(a.weekdays, b.weekdays),
        ne(a.startDate, b.startDate),
        ne(a.endDate, b.endDate),
      ),
    );
  return rows.map((r) => ({
    serviceId: r.serviceId,
    before: r.aWeekdays === null ? null : rule(r.aWeekdays, r.aStart!, r.aEnd!),
    after: r.bWeekdays === null ? null : rule(r.bWeekdays, r.bStart!, r.bEnd!),
  }));
}

function ruleRows(deps: Pick<Deps, 'db'>, versionId: number, name: 'a' | 'b') {
  return deps.db
    .select({
      serviceId: sql<string>`${calendars.serviceId}`.as(`${name}_service`),
      weekdays: sql<number | null>`${calendars.weekdays}`.as(`${name}_weekdays`),
      startDate: sql<string | null>`${calendars.startDate}`.as(`${name}_start`),
      endDate: sql<string | null>`${calendars.endDate}`.as(`${name}_end`),
    })
    .from(calendars)
    .where(eq(calendars.versionId, versionId))
    .as(name);
}

async function changedDates(deps: Pick<Deps, 'db'>, from: number, to: number) {
  const side = (versionId: number, name: 'a' | 'b') =>
    deps.db
      .select({
        serviceId: sql<string>`${calendarDates.serviceId}`.as(`${name}_service`),
        date: sql<string>`${calendarDates.date}`.as(`${name}_date`),
        type: sql<number | null>`${calendarDates.exceptionType}`.as(`${name}_type`),
      })
      .from(calendarDates)
      .where(eq(calendarDates.versionId, versionId))
      .as(name);
  const a = side(from, 'a');
  const b = side(to, 'b');
  const rows = await deps.db
    .select({
      serviceId: sql<string>`coalesce(${a.serviceId}, ${b.serviceId})`,
      date: sql<string>`coalesce(${a.date}, ${b.date})`.as('date'),
      before: a.type,
      after: b.type,
    })
    .from(a)
    .fullJoin(b, and(eq(a.serviceId, b.serviceId), eq(a.date, b.date)))
    .where(sql`${a.type} is distinct from ${b.type}`)
    .orderBy(sql`date`);
  return rows.map((r) => ({ ...r, before: exception(r.before), after: exception(r.after) }));
}

async function serviceIds(deps: Pick<Deps, 'db'>, versionId: number): Promise<Set<string>> {
  const rows = await deps.db
    .select({ id: calendars.serviceId })
    .from(calendars)
    .where(eq(calendars.versionId, versionId))
    .union(
      deps.db
        .select({ id: calendarDates.serviceId })
        .from(calendarDates)
        .where(eq(calendarDates.versionId, versionId)),
    );
  return new Set(rows.map((r) => r.id));
}

const DAYS = 'MTWTFSS';
function rule(weekdays: number, startDate: string, endDate: string): CalendarRule {
  const days = [...DAYS].map((d, i) => ((weekdays >> i) & 1 ? d : '-')).join('');
  return { weekdays: days, startDate, endDate };
}

function exception(type: number | null): DateException {
  return type === 1 ? 'added' : type === 2 ? 'removed' : null;
}
