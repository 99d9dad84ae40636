import { disruptions, disruptionTrips, tripUpdateAlerts } from '@feeddesk/drizzle';
import { and, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/** A link as stored: a disruption's trips, or the trip update whose editor published the alert. */
export type StoredAlertLink = {
  alertId: string;
  disruptionId: string | null;
  /** A disruption's trips; absent for a trip update's own alert (read from its live update). */
  trips?: DisruptionTrip[];
  tripUpdateId?: string;
};

/** Every alert link in force: active disruptions' alerts and trip updates' own alerts. */
export async function loadAlertLinks(deps: Pick<Deps, 'db'>): Promise<StoredAlertLink[]> {
  const [heads, own] = await Promise.all([loadDisruptionAlerts(deps), loadOwnAlertLinks(deps)]);
  return [...(await withDisruptionTrips(deps, heads)), ...own];
}

/** A trip a disruption changed, on its service date. */
type DisruptionTrip = { tripId: string; startDate: string };

/** A disruption in force that published an alert, without its trips. */
export type DisruptionAlert = { alertId: string; disruptionId: string };

/** The disruptions in force that published an alert (one row each, not their trips). */
export async function loadDisruptionAlerts(deps: Pick<Deps, 'db'>): Promise<DisruptionAlert[]> {
  const rows = await deps.db
    .select({ alertId: disruptions.alertId, disruptionId: disruptions.id })
    .from(disruptions)
    .where(and(isNull(disruptions.liftedAt), isNotNull(disruptions.alertId)));
  return rows.map((r) => ({ alertId: r.alertId!, disruptionId: r.disruptionId }));
}

/** Trip updates' own alerts (the trip is read from the live update). */
export async function loadOwnAlertLinks(deps: Pick<Deps, 'db'>): Promise<StoredAlertLink[]> {
  const own = await deps.db
    .select({ alertId: tripUpdateAlerts.alertId, tripUpdateId: tripUpdateAlerts.tripUpdateId })
    .from(tripUpdateAlerts);
  return own.map((o) => ({ alertId: o.alertId, disruptionId: null, tripUpdateId: o.tripUpdateId }));
}

/** These disruptions' links with the trips each changed (a replacement bus is not what the alert is about). */
export async function withDisruptionTrips(
  deps: Pick<Deps, 'db'>,
  heads: DisruptionAlert[],
): Promise<StoredAlertLink[]> {
  if (heads.length === 0) return [];
  const rows = await deps.db
    .select({
      disruptionId: disruptionTrips.disruptionId,
      tripId: disruptionTrips.tripId,
      startDate: disruptionTrips.startDate,
    })
    .from(disruptionTrips)
    .where(
      and(
        isAnyOf(
          disruptionTrips.disruptionId,
          heads.map((h) => h.disruptionId),
        ),
        isNull(disruptionTrips.replacesTripId),
      ),
    );
  const links = new Map(heads.map((h) => [h.disruptionId, { ...h, trips: [] as DisruptionTrip[] }]));
  for (const row of rows)
    links.get(row.disruptionId)?.trips.push({ tripId: row.tripId, startDate: row.startDate });
  // A disruption without trips (all replacement buses) links nothing.
  return [...links.values()].filter((l) => l.trips.length > 0);
}

/** The trip ids the links name (their routes' trips are loaded for the text check). */
export const linkedTripIds = (links: StoredAlertLink[]) => [
  ...new Set(links.flatMap((l) => (l.trips ?? []).map((t) => t.tripId))),
];
