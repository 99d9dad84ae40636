import { feedEntities } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { serviceDateOf } from '../schedule/time/service-day.ts';
import { duplicateOf } from './rules/fields.ts';

/**
 * One run of a trip has one trip update (GTFS-RT: one TripUpdate per trip instance). A run is the
 * trip on a service date; an update saved without start_date counts as the current run's, so ids
 * saved before dated trips stay stable. An extra (DUPLICATED) train is its own run, named by its
 * new trip id.
 */

/** The live trip updates of some trips: the id of each run's update, by runKey. */
export type RunOwners = Map<string, string>;

/** The service date of the trip's current run (noon of its service day names the date). */
export function serviceDateOfRun(view: ScheduleView | null, tripId: string): string | undefined {
  const start = view?.trip(tripId) ? view.serviceDayStart?.(tripId) : undefined;
  if (start === undefined || !view) return undefined;
  // The local date of the service day's noon (its start is midnight but on DST change days).
  return serviceDateOf(new Date((start + 43_200) * 1000), view.timezone);
}

/** The run a trip update is about, or undefined for an entity that names no trip. */
export function runKeyOf(entity: FeedEntity, view: ScheduleView | null): string | undefined {
  const trip = entity.tripUpdate?.trip;
  if (!trip?.tripId) return undefined;
  const duplicate = duplicateOf(entity);
  return runKey(view, trip.tripId, trip.startDate, duplicate ? (duplicate.tripId ?? '') : undefined);
}

/** A trip on a service date (none given: its current run's), or the extra train `extraTripId`. */
function runKey(
  view: ScheduleView | null,
  tripId: string,
  startDate: string | null | undefined,
  extraTripId: string | undefined,
): string {
  const run =
    extraTripId !== undefined ? `extra ${extraTripId}` : startDate || serviceDateOfRun(view, tripId);
  return `${tripId}\u0000${run}`;
}

/** What tells one run of a trip from another in a stored update (protobuf-JSON). */
type RunJson = {
  trip?: { startDate?: string | null; scheduleRelationship?: string | number | null } | null;
  tripProperties?: { tripId?: string | null } | null;
};

/** Which update holds each run of these trips now: one query for a whole bulk push. */
export async function liveRunOwners(
  deps: AppDeps,
  tripIds: string[],
  view: ScheduleView | null,
): Promise<RunOwners> {
  const owners: RunOwners = new Map();
  if (tripIds.length === 0) return owners;
  const rows = await deps.db
    .select({ id: feedEntities.id, tripId: feedEntities.tripId, json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'trip_update'), isAnyOf(feedEntities.tripId, [...new Set(tripIds)])));
  for (const row of rows) {
    if (!row.tripId) continue;
    const tu = (row.json as { tripUpdate?: RunJson }).tripUpdate;
    const extra =
      tu?.trip?.scheduleRelationship === 'DUPLICATED' ? (tu.tripProperties?.tripId ?? '') : undefined;
    owners.set(runKey(view, row.tripId, tu?.trip?.startDate, extra), row.id);
  }
  return owners;
}

/**
 * Refuses (422) a trip update saved under an id of its own for a run another update already holds:
 * served side by side, a journey planner would keep one of the two and riders would lose what the
 * other says (a skipped stop an alert names, a cancellation the controller chose).
 */
export function refuseSecondUpdateOfRun(entity: FeedEntity, owner: string | undefined): void {
  const id = entity.id ?? '';
  if (!owner || owner === id) return;
  const trip = entity.tripUpdate?.trip;
  const which = `Train ${trip?.tripId ?? ''}${trip?.startDate ? ` (${trip.startDate})` : ''}`;
  const message = `${which} already has a live trip update, ${owner}: send this one with id ${owner} to change it, or delete ${owner} first.`;
  throw new AppError('feed_rules_failed', {
    message,
    details: {
      notices: [{ code: 'trip_run_updated_twice', severity: 'error', entityId: id, field: 'id', message }],
    },
  });
}
