import { disruptions, disruptionTrips } from '@feeddesk/drizzle';
import { encodeFeedEntity, feedEntityFromJson } from '@feeddesk/proto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import { inFeedTransaction, storedJson } from '../feed/feed-transaction.ts';
import { saveFeedEntity } from '../feed/save-feed-entity.ts';
import { liftedAudit } from './disruption-audit.ts';
import type { DisruptionAction } from './disruption-input.ts';
import { loadTripStops } from './load-trip-stops.ts';
import { lockDisruptions } from './lock-disruptions.ts';
import { mergeDisruptionAction, type TripUpdateJson } from './merge-disruption-action.ts';

export type LiftDisruptionOptions = { id: string; by: string | null };

/**
 * Puts every trip a disruption touched back as it was before it: the earlier update restored
 * (the same bytes), or none; its alert leaves the live feed. Overlapping disruptions: when a
 * later one that is still active touched the same trip, the trip becomes "before this one, with
 * the later ones applied again in order", and the later one now remembers that state as its own
 * "before", so lifting it afterwards restores the trip as it was before both. Hand edits made
 * to a trip after the disruption are replaced by the restored update (the lift is the undo).
 */
export async function liftDisruption(deps: AppDeps, options: LiftDisruptionOptions): Promise<{ id: string }> {
  return inFeedTransaction(deps, async ({ deps: txDeps, changes }) => {
    const tx = txDeps.db;
    await lockDisruptions(tx);
    const by = options.by;
    const [disruption] = await tx.select().from(disruptions).where(eq(disruptions.id, options.id));
    if (!disruption)
      throw new AppError('disruption_not_found', {
        message: `There is no disruption with id '${options.id}'.`,
      });
    if (disruption.liftedAt)
      throw new AppError('conflict', { message: `Disruption '${options.id}' was already lifted.` });
    const touched = await tx
      .select()
      .from(disruptionTrips)
      .where(eq(disruptionTrips.disruptionId, options.id));
    const stopsOf = await loadTripStops(
      { db: tx },
      touched.map((t) => t.tripId),
    );
    const nowSecs = Math.floor(deps.now().getTime() / 1000);
    for (const trip of touched) {
      const later = await tx
        .select({ disruptionId: disruptionTrips.disruptionId, action: disruptions.action })
        .from(disruptionTrips)
        .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
        .where(
          and(
            eq(disruptionTrips.tripId, trip.tripId),
            eq(disruptionTrips.startDate, trip.startDate),
            gt(disruptions.seq, disruption.seq),
            isNull(disruptions.liftedAt),
          ),
        )
        .orderBy(asc(disruptions.seq));
      let state: Buffer | null = trip.beforePb;
      for (const next of later) {
        await tx
          .update(disruptionTrips)
          .set({ beforePb: state })
          .where(
            and(
              eq(disruptionTrips.disruptionId, next.disruptionId),
              eq(disruptionTrips.tripId, trip.tripId),
              eq(disruptionTrips.startDate, trip.startDate),
            ),
          );
        const merged = mergeDisruptionAction(
          state ? (storedJson(state) as TripUpdateJson) : null,
          next.action as DisruptionAction,
          {
            id: trip.entityId,
            tripId: trip.tripId,
            startDate: trip.startDate,
            stops: stopsOf.get(trip.tripId) ?? [],
            nowSecs,
          },
        );
        state = Buffer.from(encodeFeedEntity(feedEntityFromJson(merged)));
      }
      if (state)
        await saveFeedEntity(txDeps, {
          kind: 'trip_update',
          entity: { json: storedJson(state) },
          by,
          log: true,
          changes,
        });
      else
        await deleteFeedEntity(txDeps, { kind: 'trip_update', id: trip.entityId, by, ifLive: true, changes });
    }
    if (disruption.alertId)
      await deleteFeedEntity(txDeps, { kind: 'alert', id: disruption.alertId, by, ifLive: true, changes });
    await tx
      .update(disruptions)
      .set({ liftedAt: deps.now(), liftedBy: options.by })
      .where(eq(disruptions.id, options.id));
    await recordAudit(tx, liftedAudit(deps.now(), options.by, disruption));
    return { id: options.id };
  });
}
