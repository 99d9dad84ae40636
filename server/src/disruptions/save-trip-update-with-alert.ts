import { tripUpdateAlerts } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { holdAlertInAct } from '../approvals/hold-alert-in-act.ts';
import { needsApproval } from '../approvals/pending-item.ts';
import type { CauseInput } from '../causes/delay-cause.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import { type FeedChanges, type FeedTransaction, inFeedTransaction } from '../feed/feed-transaction.ts';
import { type SaveFeedEntityResult, saveFeedEntity, withConsequences } from '../feed/save-feed-entity.ts';

/** What to do with the trip update's alert: publish (or update) this one, or end the linked one. */
export type TripAlertChoice = { publish: { alert: object } } | { end: true };

export type SaveTripUpdateWithAlertOptions = {
  /** The trip update as protobuf-JSON, as feed.saveTripUpdate takes it. */
  entity: object;
  baseRevision?: number;
  alert: TripAlertChoice;
  by: string | null;
  /** The saver's roles: without `approve`, and approval on, the alert waits (the train does not). */
  roles?: readonly string[];
  /** The train's delay cause, a code of the catalogue (docs/glossary.md "cause"). */
  cause?: CauseInput | null;
};

export type SaveTripUpdateWithAlertResult = SaveFeedEntityResult & {
  /** The alert published or updated; null when it was ended. */
  alertId: string | null;
  alertMessage: string;
  /** Where the alert is: `pending` while it waits for a second person (docs/rest-api.md). */
  alertState: 'published' | 'pending' | 'ended';
};

const ALERT_PENDING =
  'Alert saved for approval: riders see it once another user with the approve role approves it; the train is changed now.';

/**
 * One act of the trip update editor: the trip update and its alert saved together (both through
 * the feed's save path, both or neither), linked so that a later edit of either offers to update
 * or end the other; or the trip update saved and its linked alert ended (an un-cancelled train).
 */
export async function saveTripUpdateWithAlert(
  deps: AppDeps,
  options: SaveTripUpdateWithAlertOptions,
): Promise<SaveTripUpdateWithAlertResult> {
  const { by } = options;
  // Controllers' trip updates are never held; only the alert told with them waits for approval.
  const hold = 'publish' in options.alert && (await needsApproval(deps, 'alerts', options.roles ?? []));
  let changes: FeedChanges | undefined;
  const result = await inFeedTransaction(deps, async (feed): Promise<SaveTripUpdateWithAlertResult> => {
    changes = feed.changes;
    const saved = await saveFeedEntity(feed.deps, {
      kind: 'trip_update',
      entity: { json: options.entity },
      baseRevision: options.baseRevision,
      by,
      log: true,
      changes: feed.changes,
      cause: options.cause,
    });
    const [link] = await feed.deps.db
      .select({ alertId: tripUpdateAlerts.alertId })
      .from(tripUpdateAlerts)
      .where(eq(tripUpdateAlerts.tripUpdateId, saved.id));
    if ('end' in options.alert) {
      if (!link)
        throw new AppError('bad_request', {
          message: 'This trip update has no alert of its own to end; save it without one.',
        });
      await endLinkedAlert(feed, saved.id, link.alertId, by);
      return { ...saved, alertId: null, alertMessage: 'Alert ended.', alertState: 'ended' };
    }
    const alertId = link?.alertId ?? `trip-${saved.id}`;
    if (hold) {
      const { warnings } = await holdAlertInAct(feed, {
        json: { id: alertId, alert: options.alert.publish.alert },
        by,
        approval: true,
        publishAt: null,
        told: `told with train ${saved.id} by ${by ?? 'unknown'}`,
      });
      if (!link)
        await feed.deps.db
          .insert(tripUpdateAlerts)
          .values({ tripUpdateId: saved.id, alertId, createdAt: deps.now(), createdBy: by });
      return {
        ...saved,
        warnings: [...saved.warnings, ...warnings],
        alertId,
        alertMessage: ALERT_PENDING,
        alertState: 'pending',
      };
    }
    const alert = await saveFeedEntity(feed.deps, {
      kind: 'alert',
      entity: { json: { id: alertId, alert: options.alert.publish.alert } },
      by,
      log: true,
      changes: feed.changes,
    });
    if (!link)
      await feed.deps.db
        .insert(tripUpdateAlerts)
        .values({ tripUpdateId: saved.id, alertId, createdAt: deps.now(), createdBy: by });
    return {
      ...saved,
      warnings: [...saved.warnings, ...alert.warnings],
      alertId,
      alertMessage: link ? 'Alert updated.' : 'Alert published.',
      alertState: 'published',
    };
  });
  return withConsequences(result, changes);
}

/** Takes the alert out of the live feed (logged; nothing when already gone) and drops the link. */
export async function endLinkedAlert(
  feed: FeedTransaction,
  tripUpdateId: string,
  alertId: string,
  by: string | null,
): Promise<void> {
  await deleteFeedEntity(feed.deps, { kind: 'alert', id: alertId, by, ifLive: true, changes: feed.changes });
  await feed.deps.db.delete(tripUpdateAlerts).where(eq(tripUpdateAlerts.tripUpdateId, tripUpdateId));
}
