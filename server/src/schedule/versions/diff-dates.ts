import { trips } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { listCalendarRules } from '../list-calendar-rules.ts';
import { isAnyOf, readInBatches } from '../statement-batches.ts';
import { activeServiceIds } from '../time/active-services.ts';
import type { ServiceChange } from './diff-services.ts';

/** At most this many dates are compared (planned works touch a few dates; a new timetable many). */
export const DATED_CHANGE_DATES = 62;
/** Per date, at most this many trains are named (the counts are always whole). */
export const DATED_TRAINS_NAMED = 50;

/** What runs differently on one date: trains of the older version that no longer run, trips added. */
export type DatedChange = {
  date: string;
  notRunning: number;
  added: number;
  /** Train numbers (trip_short_name, else the trip id's number, else the trip id). */
  notRunningTrains: string[];
  addedTrains: string[];
  /** "24 trains do not run on 2026-12-12; 6 trips are added that day." */
  sentence: string;
};

/**
 * The dated changes between two versions (docs/contract-notes.md "Planned works in the schedule"):
 * on each date whose calendar exceptions differ, the trips running in one version and not in the
 * other. Planned works move a cancelled train to a copy of its service that skips the date, so
 * counting trips by id says "48 trips added, 0 removed"; by date it says what riders see.
 */
export async function diffDates(
  deps: Pick<Deps, 'db'>,
  from: number,
  to: number,
  services: ServiceChange[],
): Promise<DatedChange[]> {
  const dates = [...new Set(services.flatMap((s) => s.dates.map((d) => d.date)))]
    .sort()
    .slice(0, DATED_CHANGE_DATES);
  if (dates.length === 0) return [];
  const [before, after] = await Promise.all([runsByDate(deps, from, dates), runsByDate(deps, to, dates)]);
  const changes: DatedChange[] = [];
  for (const date of dates) {
    const was = before.get(date)!;
    const is = after.get(date)!;
    const gone = [...was.keys()].filter((id) => !is.has(id));
    const added = [...is.keys()].filter((id) => !was.has(id));
    if (gone.length === 0 && added.length === 0) continue;
    changes.push({
      date,
      notRunning: gone.length,
      added: added.length,
      notRunningTrains: named(gone, was),
      addedTrains: named(added, is),
      sentence: sentenceOf(date, gone.length, added.length),
    });
  }
  return changes;
}

/** Per date, the trips of a version that run then, each with its train number. */
async function runsByDate(deps: Pick<Deps, 'db'>, versionId: number, dates: string[]) {
  const rules = await listCalendarRules(deps, { versionId, dates });
  const active = new Map(
    dates.map((d) => [d, new Set(activeServiceIds(d, rules.calendars, rules.calendarDates))]),
  );
  const serviceIds = [...new Set([...active.values()].flatMap((s) => [...s]))];
  const rows = serviceIds.length
    ? await readInBatches(serviceIds, (batch) =>
        deps.db
          .select({
            tripId: trips.tripId,
            serviceId: trips.serviceId,
            number: sql<string | null>`coalesce(nullif(${trips.tripShortName}, ''), ${trips.tripNumber})`,
          })
          .from(trips)
          .where(and(eq(trips.versionId, versionId), isAnyOf(trips.serviceId, batch))),
      )
    : [];
  const byDate = new Map<string, Map<string, string>>();
  for (const date of dates) {
    const running = new Map<string, string>();
    const services = active.get(date)!;
    for (const r of rows) if (services.has(r.serviceId)) running.set(r.tripId, r.number ?? r.tripId);
    byDate.set(date, running);
  }
  return byDate;
}

function named(tripIds: string[], numbers: Map<string, string>): string[] {
  return tripIds
    .map((id) => numbers.get(id) ?? id)
    .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
    .slice(0, DATED_TRAINS_NAMED);
}

function sentenceOf(date: string, gone: number, added: number): string {
  const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  const parts = [
    gone > 0 && `${gone} ${gone === 1 ? 'train does' : 'trains do'} not run on ${day}`,
    added > 0 &&
      `${added} ${added === 1 ? 'trip is' : 'trips are'} added${gone > 0 ? ' that day' : ` on ${day}`}`,
  ].filter(Boolean);
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
