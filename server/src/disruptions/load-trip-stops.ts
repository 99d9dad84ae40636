import { stopTimes } from '@feeddesk/drizzle';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import type { ScheduledStop } from './merge-disruption-action.ts';

/** The scheduled calls of some trips of the current schedule, in sequence order, by trip id. */
export async function loadTripStops(
  deps: Pick<Deps, 'db'>,
  tripIds: string[],
): Promise<Map<string, ScheduledStop[]>> {
  const map = new Map<string, ScheduledStop[]>();
  const current = await findCurrentSchedule(deps);
  if (!current || tripIds.length === 0) return map;
  const rows = await deps.db
    .select({ tripId: stopTimes.tripId, stopSequence: stopTimes.stopSequence, stopId: stopTimes.stopId })
    .from(stopTimes)
    .where(and(eq(stopTimes.versionId, current.versionId), inArray(stopTimes.tripId, tripIds)))
    .orderBy(asc(stopTimes.tripId), asc(stopTimes.stopSequence));
  for (const { tripId, ...stop } of rows) {
    const list = map.get(tripId) ?? [];
    list.push(stop);
    map.set(tripId, list);
  }
  return map;
}
