import { disruptions, disruptionTrips, feedEntities, tripUpdateAlerts } from '@feeddesk/drizzle';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/** A link as stored: a disruption's trips, or the trip update whose editor published the alert. */
export type StoredAlertLink = {
  alertId: string;
  disruptionId: string | null;
  /** A disruption's trips; absent for a trip update's own alert (read from its live update). */
  trips?: DisruptionTrip[];
  tripUpdateId?: string;
  /**
   * Only some of the disruption's trips, those an invariant must see whatever was judged before
   * (loadCancelledStopRuns): not a list of what the alert is about (alert_trips_not_linked skips it).
   */
  partial?: boolean;
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
        // A run a later disruption contradicts is left out of the alert while it is in force.
        isNull(disruptionTrips.overriddenBy),
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

/** The disruptions whose alert says their trains leave out, or restrict, a stop. */
export const STOP_ACTIONS = ['skip_stop', 'set_down_only', 'pick_up_only'] as const;

/**
 * The runs whose alert a disruption in force published now outlives, as partial links: those it
 * counts as leaving out (or restricting) a stop whose served trip update has them cancelled
 * (CANCELED or DELETED) or calling there again, and those a cancelling disruption counts whose
 * served update has them running again (a later disruption's delay over them). An alert about a
 * whole route names them in its texts alone, and a disruption's alert is judged once
 * (keep-feed-invariants.ts), so skipped_stop_alert_outlived and cancellation_alert_outlived would
 * not see them. Found in SQL, each run's update by its date (`today` for an update without one);
 * none on a feed that tells the truth.
 */
export async function loadOutlivedDisruptionRuns(
  deps: Pick<Deps, 'db'>,
  today: string | null,
): Promise<StoredAlertLink[]> {
  const relationship = sql`coalesce(${feedEntities.json}->'tripUpdate'->'trip'->>'scheduleRelationship', '')`;
  const runDate = sql`coalesce(nullif(${feedEntities.json}->'tripUpdate'->'trip'->>'startDate', ''), ${today}::text)`;
  // The stop the disruption's action names, as the update keeps it from riders (skipped, or no
  // boarding or alighting there): jsonb containment, no set of each update's calls expanded.
  const calls = sql`coalesce(${feedEntities.json}->'tripUpdate'->'stopTimeUpdate', '[]'::jsonb)`;
  const call = (fields: ReturnType<typeof sql>) =>
    sql`${calls} @> jsonb_build_array(jsonb_build_object('stopId', ${disruptions.action}->>'stopId', ${fields}))`;
  const keepsStop = sql`(${call(sql`'scheduleRelationship', 'SKIPPED'`)}
    or ${call(sql`'stopTimeProperties', jsonb_build_object('pickupType', 'NONE')`)}
    or ${call(sql`'stopTimeProperties', jsonb_build_object('dropOffType', 'NONE')`)})`;
  const rows = await deps.db
    .select({
      alertId: disruptions.alertId,
      disruptionId: disruptions.id,
      tripId: disruptionTrips.tripId,
      startDate: disruptionTrips.startDate,
    })
    .from(disruptionTrips)
    .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
    .innerJoin(
      feedEntities,
      and(
        servedRows('trip_update'),
        eq(feedEntities.tripId, disruptionTrips.tripId),
        ...(today ? [sql`${runDate} = ${disruptionTrips.startDate}`] : []),
      ),
    )
    .where(
      and(
        isNull(disruptions.liftedAt),
        isNotNull(disruptions.alertId),
        eq(disruptions.publishAs, 'feed'),
        isNull(disruptionTrips.replacesTripId),
        isNull(disruptionTrips.overriddenBy),
        or(
          and(
            sql`${disruptions.action}->>'type' in (${sql.join(
              STOP_ACTIONS.map((type) => sql`${type}`),
              sql`, `,
            )})`,
            or(sql`${relationship} in ('CANCELED', 'DELETED')`, sql`not ${keepsStop}`),
          ),
          and(
            sql`${disruptions.action}->>'type' = 'cancel'`,
            sql`${relationship} not in ('CANCELED', 'DELETED')`,
          ),
        ),
      ),
    );
  const links = new Map<string, StoredAlertLink & { trips: DisruptionTrip[] }>();
  for (const row of rows) {
    const link = links.get(row.disruptionId) ?? {
      alertId: row.alertId!,
      disruptionId: row.disruptionId,
      trips: [],
      partial: true,
    };
    link.trips.push({ tripId: row.tripId, startDate: row.startDate });
    links.set(row.disruptionId, link);
  }
  return [...links.values()];
}
