import { randomUUID } from 'node:crypto';
import { disruptions, disruptionTrips, feedEntities } from '@feeddesk/drizzle';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { inFeedTransaction, storedJson } from '../feed/feed-transaction.ts';
import { saveFeedEntity } from '../feed/save-feed-entity.ts';
import { getServiceDay } from '../schedule/get-service-day.ts';
import { appliedAudit } from './disruption-audit.ts';
import type { DisruptionAction, DisruptionAlertInput, DisruptionSelect } from './disruption-input.ts';
import { type AlertJson, draftDisruptionAlert } from './draft-disruption-alert.ts';
import { loadTripStops } from './load-trip-stops.ts';
import { lockDisruptions } from './lock-disruptions.ts';
import { mergeDisruptionAction, type TripUpdateJson } from './merge-disruption-action.ts';
import { type SelectedTrip, selectDisruptionTrips } from './select-disruption-trips.ts';

export type ApplyDisruptionOptions = {
  serviceDate?: string;
  select: DisruptionSelect;
  action: DisruptionAction;
  reason: string;
  alert: boolean | DisruptionAlertInput;
  /** Answer what would happen, save nothing. */
  dryRun: boolean;
  by: string | null;
};

export type ApplyDisruptionResult = {
  id: string | null;
  serviceDate: string;
  count: number;
  trips: Omit<SelectedTrip, 'startSecs' | 'endSecs'>[];
  alertId: string | null;
  /** The alert published (or, on a dry run, drafted) with the change. */
  alert: AlertJson | null;
};

/** Thrown to roll a dry run back after every check ran. */
class DryRun extends Error {
  constructor(readonly result: ApplyDisruptionResult) {
    super('dry run');
  }
}

/**
 * Changes every selected trip in one transaction, each merged with its existing update and saved
 * through the feed's save path (so rules, expiry and history apply as for single saves), and
 * records the disruption with each trip's earlier update for the lift. A dry run does all of it
 * and rolls back: the preview meets the same rule errors a save would.
 */
export async function applyDisruption(
  deps: AppDeps,
  options: ApplyDisruptionOptions,
): Promise<ApplyDisruptionResult> {
  const { action, select } = options;
  checkAction(action);
  if (!options.dryRun && options.reason.trim() === '')
    throw new AppError('validation_failed', { message: 'Give a reason: it is kept with the disruption.' });
  try {
    return await inFeedTransaction(deps, async ({ deps: txDeps, changes }) => {
      const tx = txDeps.db;
      await lockDisruptions(tx);
      const save = (kind: 'trip_update' | 'alert', json: object) =>
        saveFeedEntity(txDeps, { kind, entity: { json }, by: options.by, log: true, changes });
      const selection = await selectDisruptionTrips(txDeps, { serviceDate: options.serviceDate, select });
      const tripIds = selection.trips.map((t) => t.tripId);
      const stopsOf = await loadTripStops(txDeps, tripIds);
      // A stop can only be skipped by the trips that call there; a delay needs the trip's stops
      // (some real schedules list trips without stop_times).
      const trips = selection.trips.filter((t) => {
        const calls = stopsOf.get(t.tripId) ?? [];
        if (action.type === 'skip_stop') return calls.some((s) => s.stopId === action.stopId);
        if (action.type === 'delay') return calls.some((s) => !action.stopId || s.stopId === action.stopId);
        return true;
      });
      if (trips.length === 0) {
        const day = await getServiceDay(txDeps, selection.serviceDate);
        throw new AppError('bad_request', {
          message: day.noService
            ? `${day.noService} Pick a date it runs.`
            : nothingMatches(selection.serviceDate, select, action),
        });
      }

      const id = randomUUID();
      const now = deps.now();
      const existing = await existingUpdates(txDeps, tripIds, selection.serviceDate);
      const recorded: (typeof disruptionTrips.$inferInsert)[] = [];
      for (const trip of trips) {
        const before = existing.get(trip.tripId);
        const entityId = before?.id ?? `${trip.tripId}-${trip.startDate}`;
        const merged = mergeDisruptionAction(
          before ? (storedJson(before.pb) as TripUpdateJson) : null,
          action,
          {
            id: entityId,
            tripId: trip.tripId,
            startDate: trip.startDate,
            stops: stopsOf.get(trip.tripId) ?? [],
            nowSecs: Math.floor(now.getTime() / 1000),
          },
        );
        await save('trip_update', merged);
        recorded.push({
          disruptionId: id,
          tripId: trip.tripId,
          startDate: trip.startDate,
          entityId,
          beforePb: before?.pb ?? null,
        });
      }
      const alert = options.alert
        ? await draftDisruptionAlert(txDeps, {
            selection: { ...selection, trips },
            select,
            action,
            reason: options.reason,
            given: options.alert === true ? undefined : options.alert,
          })
        : null;
      const alertId = alert ? `disruption-${id}` : null;
      if (alert) await save('alert', { id: alertId, ...alert });
      await tx.insert(disruptions).values({
        id,
        createdAt: now,
        createdBy: options.by,
        reason: options.reason.trim(),
        serviceDate: selection.serviceDate,
        select,
        action,
        alertId,
      });
      await tx.insert(disruptionTrips).values(recorded);
      await recordAudit(
        tx,
        appliedAudit(now, options.by, { ...options, id, ...selection, trips: trips.length }),
      );
      const result: ApplyDisruptionResult = {
        id,
        serviceDate: selection.serviceDate,
        count: trips.length,
        trips: trips.map(({ startSecs: _s, endSecs: _e, ...t }) => t),
        alertId,
        alert,
      };
      if (options.dryRun) throw new DryRun({ ...result, id: null, alertId: null });
      return result;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result;
    throw error;
  }
}

function checkAction(action: DisruptionAction) {
  if (action.type === 'skip_stop' && !action.stopId)
    throw new AppError('validation_failed', { message: 'Name the stop to skip in action.stopId.' });
  if (action.type === 'delay' && (!Number.isInteger(action.minutes) || action.minutes === 0))
    throw new AppError('validation_failed', {
      message: 'Give action.minutes, a whole number of minutes other than 0.',
    });
}

function nothingMatches(date: string, select: DisruptionSelect, action: DisruptionAction): string {
  const parts = [
    select.routeId && `route ${select.routeId}`,
    select.directionId !== undefined && `direction ${select.directionId}`,
    select.stopId && `stop ${select.stopId}`,
    (select.from || select.to) && `between ${select.from ?? 'the start'} and ${select.to ?? 'the end'}`,
    select.tripIds && `trips ${select.tripIds.join(', ')}`,
    action.type === 'skip_stop' && `calling at ${action.stopId}`,
  ].filter(Boolean);
  return `No trip runs on ${date}${parts.length ? ` matching ${parts.join(', ')}` : ''}: widen the selection or pick another date.`;
}

/** The trips' current updates for that service date (one without a date counts as that date's). */
async function existingUpdates(deps: Pick<AppDeps, 'db'>, tripIds: string[], serviceDate: string) {
  const rows = await deps.db
    .select({
      id: feedEntities.id,
      pb: feedEntities.pb,
      tripId: feedEntities.tripId,
      json: feedEntities.json,
    })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'trip_update'), inArray(feedEntities.tripId, tripIds)));
  const found = new Map<string, { id: string; pb: Buffer }>();
  for (const row of rows) {
    const trip = (
      row.json as { tripUpdate?: { trip?: { startDate?: string; scheduleRelationship?: string } } }
    ).tripUpdate?.trip;
    // An extra train (DUPLICATED) names the trip it copies, but it is another run: not this one's update.
    if (trip?.scheduleRelationship === 'DUPLICATED') continue;
    const date = trip?.startDate;
    if (row.tripId && (!date || date === serviceDate)) found.set(row.tripId, { id: row.id, pb: row.pb });
  }
  return found;
}
