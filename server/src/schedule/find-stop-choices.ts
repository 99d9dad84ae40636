import { stops } from '@feeddesk/drizzle';
import { and, eq, ilike, or } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { escapeLike, type FindStopsOptions } from './find-stops.ts';
import { findCurrentLabels } from './load-schedule-labels.ts';
import { labelOf } from './route-labels.ts';

/**
 * A stop offered to a controller: its name, its label (told apart from namesakes), its stop_code
 * (null when the schedule gives none), whether a station.
 */
export type StopChoice = {
  stopId: string;
  name: string;
  label: string;
  code: string | null;
  station: boolean;
};

/**
 * The stops whose name, stop_code or stop_id contains the text (controllers type a station's code
 * as often as its name), by label, for the web's stop searches: unlike
 * findStops' [stop_id, stop_name] pairs (GET /db/get_stops), each carries the label that tells
 * Palo Alto's two platforms apart, and whether it is a station (its trains call at its platforms).
 */
export async function findStopChoices(
  deps: Pick<Deps, 'db'>,
  options: FindStopsOptions = {},
): Promise<StopChoice[]> {
  const current = await findCurrentSchedule(deps);
  if (!current) return [];
  const part = options.stopname ?? '';
  const like = `%${escapeLike(part)}%`;
  const [rows, labels] = await Promise.all([
    deps.db
      .select({
        stopId: stops.stopId,
        name: stops.stopName,
        code: stops.stopCode,
        locationType: stops.locationType,
      })
      .from(stops)
      .where(
        and(
          eq(stops.versionId, current.versionId),
          part ? or(...[stops.stopName, stops.stopCode, stops.stopId].map((c) => ilike(c, like))) : undefined,
        ),
      ),
    findCurrentLabels(deps),
  ]);
  return rows
    .map((r) => ({
      stopId: r.stopId,
      name: r.name ?? '',
      label: labelOf(labels.stops, r.stopId),
      code: r.code || null,
      station: r.locationType === 1,
    }))
    .sort((a, b) => compare(a.label, b.label) || compare(a.stopId, b.stopId));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
