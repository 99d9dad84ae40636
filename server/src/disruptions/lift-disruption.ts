import { disruptions, disruptionTrips, tripCauses } from '@feeddesk/drizzle';
import { encodeFeedEntity, type FeedEntity, feedEntityFromJson } from '@feeddesk/proto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { withdrawWaitingAlert } from '../approvals/hold-alert-in-act.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps, Tx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity, deleteLiveEntities } from '../feed/delete-feed-entity.ts';
import { inFeedTransaction, storedJson } from '../feed/feed-transaction.ts';
import { letPollsIn } from '../feed/let-polls-in.ts';
import {
  type PreparedEntity,
  prepareFeedEntity,
  readEntityOf,
  readScheduleViewFor,
  writeFeedEntities,
} from '../feed/save-feed-entity.ts';
import { assertRole } from '../http/require-role.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { batchesOf, isAnyOf } from '../schedule/statement-batches.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../schedule/time/service-day.ts';
import { onBackgroundConnection } from '../workers/background-connection.ts';
import { liftedAudit } from './disruption-audit.ts';
import type { DisruptionAction } from './disruption-input.ts';
import { giveBackLentRuns } from './give-back-lent-runs.ts';
import { liftPlannedWorks } from './lift-planned-works.ts';
import { loadStationNames } from './load-station-names.ts';
import { loadTripStops } from './load-trip-stops.ts';
import { lockDisruptions } from './lock-disruptions.ts';
import { mergeDisruptionAction, type TripUpdateJson } from './merge-disruption-action.ts';

export type LiftDisruptionOptions = {
  id: string;
  by: string | null;
  /** Who asks: lifting planned works makes a schedule version, which needs the gtfs role as well. */
  user: Parameters<typeof assertRole>[0];
};

/**
 * Puts every trip a disruption touched back as it was before it: the earlier update restored
 * (the same bytes), or none; its alert leaves the live feed (or, still waiting, is withdrawn). Overlapping disruptions: when a
 * later one that is still active touched the same trip, the trip becomes "before this one, with
 * the later ones applied again in order", and the later one now remembers that state as its own
 * "before", so lifting it afterwards restores the trip as it was before both. Hand edits made
 * to a trip after the disruption are replaced by the restored update (the lift is the undo).
 */
export async function liftDisruption(deps: AppDeps, options: LiftDisruptionOptions): Promise<{ id: string }> {
  const [kind] = await deps.db
    .select({ publishAs: disruptions.publishAs })
    .from(disruptions)
    .where(eq(disruptions.id, options.id));
  // Planned works live in the schedule: lifting them makes a version without them, an act on the
  // schedule like their publishing, so it needs gtfs too (docs/rest-api.md "Disruptions").
  if (kind?.publishAs === 'schedule') {
    assertRole(options.user, 'gtfs');
    return liftPlannedWorks(deps, { id: options.id, by: options.by });
  }
  // Thousands of trips' updates put back: at background priority, as the apply.
  return onBackgroundConnection(deps, (own) => liftInFeed(own, options));
}

async function liftInFeed(deps: AppDeps, options: LiftDisruptionOptions): Promise<{ id: string }> {
  return inFeedTransaction(deps, async ({ deps: txDeps, changes }) => {
    const tx = txDeps.db;
    // A lift replays the later disruptions: what it gives back or takes from an alert is lent.
    changes.layered = true;
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
      txDeps,
      touched.map((t) => t.tripId),
    );
    const now = deps.now();
    const nowSecs = Math.floor(now.getTime() / 1000);
    // The later disruptions still in force on these trips, all at once (a query per trip made a
    // lift of 4 432 Renfe trips hold the feed's write lock for four minutes).
    const laterOf = await laterDisruptions(tx, disruption.seq, touched);
    // The headsigns of later short turns applied again.
    const turnedAt = [...laterOf.values()]
      .flat()
      .map((d) => d.action as DisruptionAction)
      .flatMap((a) => (a.type === 'short_turn' && a.stopId ? [a.stopId] : []));
    const stopNames = await loadStationNames({ db: tx }, turnedAt);
    const restored: FeedEntity[] = [];
    const gone: string[] = [];
    for (const trip of touched) {
      let state: Buffer | null = trip.beforePb;
      for (const next of laterOf.get(runKey(trip)) ?? []) {
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
            stopNames,
          },
        );
        state = Buffer.from(encodeFeedEntity(feedEntityFromJson(merged)));
      }
      if (state) restored.push(readEntityOf('trip_update', { json: storedJson(state) }));
      else gone.push(trip.entityId);
    }
    // Saved and deleted as saveFeedEntity and deleteFeedEntity would, in batches.
    const view = await readScheduleViewFor(txDeps, 'trip_update', restored);
    const prepared: PreparedEntity[] = [];
    for (const [i, entity] of restored.entries()) {
      await letPollsIn(i);
      prepared.push(await prepareFeedEntity(txDeps, { kind: 'trip_update', entity, view, verify: false }));
    }
    for (const entities of batchesOf(prepared))
      await writeFeedEntities(tx, { kind: 'trip_update', entities, now, by, log: true, changes });
    for (const ids of batchesOf(gone))
      await deleteLiveEntities(tx, { kind: 'trip_update', ids, by, now, changes });
    if (restored.length + gone.length > 0) changes.add('trip_update', by);
    // What it took out of other disruptions' (and hand-written) alerts, they name again.
    await giveBackLentRuns({ deps: txDeps, changes }, options.id, await agencyToday(txDeps));
    if (disruption.alertId) {
      await deleteFeedEntity(txDeps, { kind: 'alert', id: disruption.alertId, by, ifLive: true, changes });
      // Its alert may still wait for approval or its time: it never enters the feed now.
      await withdrawWaitingAlert(tx, {
        alertId: disruption.alertId,
        by,
        at: now,
        why: `its disruption "${disruption.reason}" was lifted.`,
      });
    }
    await tx
      .update(disruptions)
      .set({ liftedAt: deps.now(), liftedBy: options.by })
      .where(eq(disruptions.id, options.id));
    // Its trains no longer lose minutes to its cause (a cause given since by a save stays).
    await tx.delete(tripCauses).where(eq(tripCauses.disruptionId, options.id));
    await recordAudit(tx, liftedAudit(deps.now(), options.by, disruption));
    return { id: options.id };
  });
}

const runKey = (run: { tripId: string; startDate: string }) => `${run.tripId} ${run.startDate}`;

/** For each run (trip and date), the later disruptions still in force on it, oldest first. */
async function laterDisruptions(
  tx: Tx,
  seq: number,
  runs: { tripId: string; startDate: string }[],
): Promise<Map<string, { disruptionId: string; action: unknown }[]>> {
  const later = new Map<string, { disruptionId: string; action: unknown }[]>();
  const tripIds = [...new Set(runs.map((r) => r.tripId))];
  for (const batch of batchesOf(tripIds)) {
    const rows = await tx
      .select({
        tripId: disruptionTrips.tripId,
        startDate: disruptionTrips.startDate,
        disruptionId: disruptionTrips.disruptionId,
        action: disruptions.action,
      })
      .from(disruptionTrips)
      .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
      .where(
        and(
          isAnyOf(disruptionTrips.tripId, batch),
          gt(disruptions.seq, seq),
          isNull(disruptions.liftedAt),
          // Planned works changed the schedule, not these trips' updates.
          eq(disruptions.publishAs, 'feed'),
        ),
      )
      .orderBy(asc(disruptions.seq));
    for (const row of rows) {
      const list = later.get(runKey(row)) ?? [];
      list.push({ disruptionId: row.disruptionId, action: row.action });
      later.set(runKey(row), list);
    }
  }
  return later;
}

/** The agency's service date now (the date an update without one runs on). */
async function agencyToday(deps: AppDeps): Promise<string> {
  const current = await findCurrentSchedule(deps);
  return serviceDateOf(deps.now(), current?.timezone ?? DEFAULT_TIMEZONE);
}
