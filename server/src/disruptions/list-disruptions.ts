import { disruptions, disruptionTrips, pendingItems } from '@feeddesk/drizzle';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { currentPlannedWorks } from '../schedule/planned-works/current-planned-works.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import type { DisruptionAction, DisruptionSelect } from './disruption-input.ts';
import { loadStationNames } from './load-station-names.ts';
import { type ContinuingTrip, isContinuingTripId, type ReplacementTrip } from './replacement-bus-trips.ts';

export type DisruptionListItem = {
  id: string;
  createdAt: string;
  by: string | null;
  reason: string;
  serviceDate: string;
  select: DisruptionSelect;
  action: DisruptionAction;
  /** The trains of the schedule it changed. */
  trips: { tripId: string; startDate: string }[];
  /** replace_by_bus: the NEW bus trips it added, each with the train it replaces. */
  replacementTrips?: ReplacementTrip[];
  /** replace_by_bus: the NEW trips of the trains' parts after the section. */
  continuingTrips?: ContinuingTrip[];
  alertId: string | null;
  /**
   * Its alert still waits to enter the feed: `pending` a second person's approval, `scheduled`
   * for its publishAt (docs/contract-notes.md "Two-person approval and publication times"); null otherwise.
   */
  alertWaiting: 'pending' | 'scheduled' | null;
  /** false once lifted. */
  active: boolean;
  liftedAt: string | null;
  liftedBy: string | null;
  /** 'schedule': planned works, in the schedule version `versionId` made. */
  publishAs: 'feed' | 'schedule';
  versionId: number | null;
  /** Planned works: whether the current schedule version holds them (a rollback may have left them out). */
  inSchedule: boolean;
  /** stop_id → the name riders know, for each stop its select and action name (current schedule). */
  stopNames: Record<string, string>;
};

/** The stop ids a disruption names: `stopId`, `fromStopId`, `toStopId` of its select and action. */
function namedStops(...parts: object[]): string[] {
  return parts.flatMap((part) =>
    Object.entries(part).flatMap(([key, value]) =>
      /stopId$/i.test(key) && typeof value === 'string' ? [value] : [],
    ),
  );
}

/** Every disruption with its trips and state, newest first. */
export async function listDisruptions(deps: Pick<Deps, 'db'>): Promise<DisruptionListItem[]> {
  const rows = await deps.db.select().from(disruptions).orderBy(desc(disruptions.seq));
  const trips = await deps.db
    .select({
      disruptionId: disruptionTrips.disruptionId,
      tripId: disruptionTrips.tripId,
      startDate: disruptionTrips.startDate,
      replacesTripId: disruptionTrips.replacesTripId,
    })
    .from(disruptionTrips)
    .orderBy(asc(disruptionTrips.tripId));
  const inCurrent = new Set(await currentPlannedWorks(deps));
  // The alerts still waiting: few (PENDING_ITEMS_PER_PRINCIPAL each), read in one query.
  const waiting = new Map(
    (
      await deps.db
        .select({ entityId: pendingItems.entityId, state: pendingItems.state })
        .from(pendingItems)
        .where(and(eq(pendingItems.kind, 'alert'), isAnyOf(pendingItems.state, ['pending', 'scheduled'])))
    ).map((w) => [w.entityId, w.state as 'pending' | 'scheduled']),
  );
  const names = await loadStationNames(
    deps,
    rows.flatMap((row) => namedStops(row.select as object, row.action as object)),
  );
  const byDisruption = new Map<string, { tripId: string; startDate: string }[]>();
  const busesOf = new Map<string, ReplacementTrip[]>();
  const partsOf = new Map<string, ContinuingTrip[]>();
  for (const { disruptionId, replacesTripId, ...trip } of trips) {
    if (replacesTripId && isContinuingTripId(trip.tripId, replacesTripId)) {
      partsOf.set(disruptionId, [
        ...(partsOf.get(disruptionId) ?? []),
        { tripId: trip.tripId, continuesTripId: replacesTripId },
      ]);
      continue;
    }
    if (replacesTripId) {
      const buses = busesOf.get(disruptionId) ?? [];
      buses.push({ tripId: trip.tripId, replacesTripId });
      busesOf.set(disruptionId, buses);
      continue;
    }
    const list = byDisruption.get(disruptionId) ?? [];
    list.push(trip);
    byDisruption.set(disruptionId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    by: row.createdBy,
    reason: row.reason,
    serviceDate: row.serviceDate,
    select: row.select as DisruptionSelect,
    action: row.action as DisruptionAction,
    trips: byDisruption.get(row.id) ?? [],
    ...((row.action as DisruptionAction).type === 'replace_by_bus' && {
      replacementTrips: busesOf.get(row.id) ?? [],
      continuingTrips: partsOf.get(row.id) ?? [],
    }),
    alertId: row.alertId,
    alertWaiting: (row.alertId && waiting.get(row.alertId)) || null,
    active: row.liftedAt === null,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
    publishAs: row.publishAs === 'schedule' ? 'schedule' : 'feed',
    versionId: row.versionId,
    inSchedule: inCurrent.has(row.id),
    stopNames: Object.fromEntries(
      namedStops(row.select as object, row.action as object).flatMap((id) => {
        const name = names.get(id);
        return name ? [[id, name]] : [];
      }),
    ),
  }));
}
