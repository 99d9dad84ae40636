import { stops } from '@feeddesk/drizzle';
import { and, eq, ilike } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';

export type FindStopsOptions = {
  /** Case-insensitive part of the stop name; all stops when absent or empty. */
  stopname?: string;
};

/** `[[stop_id, stop_name], ...]` of the current schedule, by name then id; empty when none is loaded. */
export async function findStops(
  deps: Pick<Deps, 'db'>,
  options: FindStopsOptions = {},
): Promise<[string, string][]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const part = options.stopname ?? '';
  const rows = await deps.db
    .select({ stopId: stops.stopId, stopName: stops.stopName })
    .from(stops)
    .where(
      and(
        eq(stops.versionId, current.versionId),
        part ? ilike(stops.stopName, `%${escapeLike(part)}%`) : undefined,
      ),
    );
  const result: [string, string][] = rows.map((r) => [r.stopId, r.stopName ?? '']);
  return result.sort((a, b) => compare(a[1], b[1]) || compare(a[0], b[0]));
}

/** LIKE treats % _ and \ (its default escape) as special: match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
