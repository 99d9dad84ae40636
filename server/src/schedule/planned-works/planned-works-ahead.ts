import { disruptions, disruptionTrips } from '@feeddesk/drizzle';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DbOrTx, Deps } from '../../deps.ts';
import { isAnyOf } from '../statement-batches.ts';
import type { PlannedAction, PlannedWork } from './apply-planned-works.ts';

/** A planned work as the upload log names it. */
export const plannedWorkLabel = (w: { reason: string; serviceDate: string }) =>
  `"${w.reason}" on ${w.serviceDate}`;

/** Today's calendar date in the agency's zone, YYYYMMDD. */
export function agencyToday(now: Date, timezone: string): string {
  return DateTime.fromJSDate(now, { zone: timezone }).toFormat('yyyyLLdd');
}

/**
 * Planned works published and not lifted. A published one has the version it was published with,
 * written in the same transaction (publishPlannedWorks): a row without one is left from a publish
 * an older release never finished, and no version carries it (recoverPlannedWorks).
 */
export const openPlannedWorks = and(
  eq(disruptions.publishAs, 'schedule'),
  isNull(disruptions.liftedAt),
  isNotNull(disruptions.versionId),
);

/** The ids of the planned works published and not lifted, whatever their date. */
export async function openPlannedWorkIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: disruptions.id }).from(disruptions).where(openPlannedWorks);
  return rows.map((r) => r.id).sort();
}

/**
 * The planned works not lifted, split by their date: those of today or later are applied to the
 * next schedule version (a work of today still holds until its day ends), those before are not.
 */
export async function plannedWorksAhead(
  deps: Pick<Deps, 'db' | 'now'>,
  timezone: string,
): Promise<{ ahead: PlannedWork[]; passed: { id: string; label: string }[] }> {
  const rows = await deps.db.select().from(disruptions).where(openPlannedWorks).orderBy(disruptions.seq);
  const today = agencyToday(deps.now(), timezone);
  const ahead = rows.filter((r) => r.serviceDate >= today);
  const trips =
    ahead.length === 0
      ? []
      : await deps.db
          .select({ id: disruptionTrips.disruptionId, tripId: disruptionTrips.tripId })
          .from(disruptionTrips)
          .where(
            isAnyOf(
              disruptionTrips.disruptionId,
              ahead.map((r) => r.id),
            ),
          );
  return {
    ahead: ahead.map((r) => ({
      id: r.id,
      serviceDate: r.serviceDate,
      action: r.action as PlannedAction,
      tripIds: trips.filter((t) => t.id === r.id).map((t) => t.tripId),
      label: plannedWorkLabel(r),
    })),
    passed: rows.filter((r) => r.serviceDate < today).map((r) => ({ id: r.id, label: plannedWorkLabel(r) })),
  };
}
