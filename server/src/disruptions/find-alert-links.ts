import { disruptions, disruptionTrips, feedEntities, tripUpdateAlerts } from '@feeddesk/drizzle';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

export type AlertLinks = {
  /** The disruption that published the alert. */
  disruption: { id: string; reason: string; serviceDate: string; active: boolean } | null;
  /** The trip updates the alert speaks for; `live` false once they left the feed. */
  trips: {
    tripUpdateId: string;
    tripId: string;
    /** The schedule's train number (trip_short_name, else from the id); null when it has none. */
    trainNumber: string | null;
    startDate: string | null;
    live: boolean;
  }[];
};

/** Which trips an alert was published with: a disruption's, or one trip update's own. */
export async function findAlertLinks(deps: Deps, alertId: string): Promise<AlertLinks> {
  const [disruption] = await deps.db
    .select({
      id: disruptions.id,
      reason: disruptions.reason,
      serviceDate: disruptions.serviceDate,
      liftedAt: disruptions.liftedAt,
    })
    .from(disruptions)
    .where(eq(disruptions.alertId, alertId));
  const linked: { tripUpdateId: string; tripId?: string; startDate?: string }[] = disruption
    ? await deps.db
        .select({
          tripUpdateId: disruptionTrips.entityId,
          tripId: disruptionTrips.tripId,
          startDate: disruptionTrips.startDate,
        })
        .from(disruptionTrips)
        // The trains the alert tells of, not the buses replacing them.
        .where(and(eq(disruptionTrips.disruptionId, disruption.id), isNull(disruptionTrips.replacesTripId)))
        .orderBy(asc(disruptionTrips.tripId))
    : await deps.db
        .select({ tripUpdateId: tripUpdateAlerts.tripUpdateId })
        .from(tripUpdateAlerts)
        .where(eq(tripUpdateAlerts.alertId, alertId));
  const ids = linked.map((l) => l.tripUpdateId);
  const live = ids.length
    ? await deps.db
        .select({ id: feedEntities.id, tripId: feedEntities.tripId, json: feedEntities.json })
        .from(feedEntities)
        .where(and(eq(feedEntities.kind, 'trip_update'), isAnyOf(feedEntities.id, ids)))
    : [];
  const byId = new Map(live.map((row) => [row.id, row]));
  const tripIdOf = (link: (typeof linked)[number]) =>
    link.tripId ?? byId.get(link.tripUpdateId)?.tripId ?? link.tripUpdateId;
  const view = linked.length
    ? await readScheduleView(deps, {
        tripIds: [...new Set(linked.map(tripIdOf))],
        routeIds: [],
        stopIds: [],
        agencyIds: [],
      })
    : null;
  return {
    disruption: disruption
      ? {
          id: disruption.id,
          reason: disruption.reason,
          serviceDate: disruption.serviceDate,
          active: disruption.liftedAt === null,
        }
      : null,
    trips: linked.map((link) => {
      const row = byId.get(link.tripUpdateId);
      const json = row?.json as { tripUpdate?: { trip?: { startDate?: string } } } | undefined;
      return {
        tripUpdateId: link.tripUpdateId,
        tripId: tripIdOf(link),
        trainNumber: view?.trip(tripIdOf(link))?.trainNumber ?? null,
        startDate: link.startDate ?? json?.tripUpdate?.trip?.startDate ?? null,
        live: Boolean(row),
      };
    }),
  };
}
