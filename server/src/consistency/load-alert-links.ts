import { disruptions, disruptionTrips, tripUpdateAlerts } from '@feeddesk/drizzle';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

/** A link as stored: a disruption's trips, or the trip update whose editor published the alert. */
export type StoredAlertLink = {
  alertId: string;
  disruptionId: string | null;
  /** A disruption's trips; absent for a trip update's own alert (read from its live update). */
  trips?: { tripId: string; startDate: string }[];
  tripUpdateId?: string;
};

/** Every alert link in force: active disruptions' alerts and trip updates' own alerts (two queries). */
export async function loadAlertLinks(deps: Pick<Deps, 'db'>): Promise<StoredAlertLink[]> {
  const [parts, own] = await Promise.all([
    deps.db
      .select({
        alertId: disruptions.alertId,
        disruptionId: disruptions.id,
        tripId: disruptionTrips.tripId,
        startDate: disruptionTrips.startDate,
      })
      .from(disruptions)
      .innerJoin(disruptionTrips, eq(disruptionTrips.disruptionId, disruptions.id))
      // A replacement bus (replace_by_bus) is not what the alert is about: it tells of the trains.
      .where(
        and(
          isNull(disruptions.liftedAt),
          isNotNull(disruptions.alertId),
          isNull(disruptionTrips.replacesTripId),
        ),
      ),
    deps.db
      .select({ alertId: tripUpdateAlerts.alertId, tripUpdateId: tripUpdateAlerts.tripUpdateId })
      .from(tripUpdateAlerts),
  ]);
  const byDisruption = new Map<
    string,
    StoredAlertLink & { trips: { tripId: string; startDate: string }[] }
  >();
  for (const part of parts) {
    let link = byDisruption.get(part.disruptionId);
    if (!link) {
      link = { alertId: part.alertId!, disruptionId: part.disruptionId, trips: [] };
      byDisruption.set(part.disruptionId, link);
    }
    link.trips.push({ tripId: part.tripId, startDate: part.startDate });
  }
  return [
    ...byDisruption.values(),
    ...own.map((o) => ({ alertId: o.alertId, disruptionId: null, tripUpdateId: o.tripUpdateId })),
  ];
}

/** The trip ids the links name (their routes' trips are loaded for the text check). */
export const linkedTripIds = (links: StoredAlertLink[]) => [
  ...new Set(links.flatMap((l) => (l.trips ?? []).map((t) => t.tripId))),
];
