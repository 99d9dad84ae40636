import { stopTimes } from '@feeddesk/drizzle';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { readInBatches } from '../schedule/statement-batches.ts';
import type { TimedCall } from './plan-replacement-bus.ts';

/**
 * The scheduled calls of some trips of the current schedule, in sequence order, by trip id, with
 * their timetabled times (service-day seconds; null for an untimed stop): a replacement bus keeps
 * the train's times.
 */
export async function loadTripStops(
  deps: Pick<Deps, 'db'>,
  tripIds: string[],
): Promise<Map<string, TimedCall[]>> {
  const map = new Map<string, TimedCall[]>();
  const current = await findCurrentSchedule(deps);
  if (!current || tripIds.length === 0) return map;
  const rows = await readInBatches(tripIds, (batch) =>
    deps.db
      .select({
        tripId: stopTimes.tripId,
        stopSequence: stopTimes.stopSequence,
        stopId: stopTimes.stopId,
        arrivalSecs: stopTimes.arrivalSecs,
        departureSecs: stopTimes.departureSecs,
      })
      .from(stopTimes)
      .where(and(eq(stopTimes.versionId, current.versionId), inArray(stopTimes.tripId, batch)))
      .orderBy(asc(stopTimes.tripId), asc(stopTimes.stopSequence)),
  );
  for (const { tripId, ...stop } of rows) {
    const list = map.get(tripId) ?? [];
    list.push(stop);
    map.set(tripId, list);
  }
  return map;
}
