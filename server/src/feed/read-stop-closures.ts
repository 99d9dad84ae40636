import { feedEntities, trips } from '@feeddesk/drizzle';
import { decodeFeedEntity, type FeedEntity, transit_realtime } from '@feeddesk/proto';
import { and, eq } from 'drizzle-orm';
import { toLiveTripUpdate } from '../consistency/live-entities.ts';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { idOf, informedEntities, own } from './rules/fields.ts';
import type { StopClosures } from './rules/index.ts';

/**
 * The stops that live trip updates of these routes skip while their trains run, for the linter's
 * route_alert_for_stop_closure. Read only for a NO_SERVICE alert naming a whole route.
 */
export async function readStopClosures(
  deps: Pick<Deps, 'db'>,
  entity: FeedEntity,
): Promise<StopClosures | undefined> {
  const routeIds = routesClosedWhole(entity);
  const current = routeIds.length > 0 ? await findCurrentSchedule(deps) : null;
  if (!current) return undefined;
  const rows = await deps.db
    .select({ pb: feedEntities.pb, routeId: trips.routeId })
    .from(feedEntities)
    .innerJoin(trips, and(eq(trips.versionId, current.versionId), eq(trips.tripId, feedEntities.tripId)))
    .where(and(eq(feedEntities.kind, 'trip_update'), isAnyOf(trips.routeId, routeIds)));
  const skipped = new Map<string, Set<string>>();
  for (const row of rows) {
    // The start date does not matter here: only skipped stops and cancellation are read.
    const update = toLiveTripUpdate(decodeFeedEntity(row.pb), '');
    if (!update || update.cancelled || update.deleted) continue;
    const stops = skipped.get(row.routeId) ?? new Set<string>();
    for (const stopId of update.skippedStopIds) stops.add(stopId);
    skipped.set(row.routeId, stops);
  }
  return { skippedStops: (routeId) => [...(skipped.get(routeId) ?? [])] };
}

/** Routes a NO_SERVICE alert names as a whole (no stop, no trip in the selector). */
function routesClosedWhole(entity: FeedEntity): string[] {
  if (own(entity.alert, 'effect') !== transit_realtime.Alert.Effect.NO_SERVICE) return [];
  const routes = informedEntities(entity)
    .filter((s) => !idOf(s, 'stopId') && !s.trip)
    .map((s) => idOf(s, 'routeId'))
    .filter((id): id is string => id !== undefined);
  return [...new Set(routes)];
}
