import { randomUUID } from 'node:crypto';
import { type PendingItemRow, pendingItems } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';
import { FeedChanges, type FeedTransaction, feedActIn } from '../feed/feed-transaction.ts';
import { type SaveFeedEntityResult, saveFeedEntity } from '../feed/save-feed-entity.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { auditPending, itemName, takePendingPlace } from './pending-item.ts';

/** A rehearsal's end: the savepoint is rolled back once the alert's publish passed its checks. */
class Rehearsed extends Error {}

export type HeldAlert = { item: PendingItemRow; warnings: SaveFeedEntityResult['warnings'] };

/**
 * The alert of an act that changes trains now (a trip update's "Tell riders", a disruption, planned
 * works) kept instead of published, in the act the caller holds (docs/contract-notes.md "Two-person
 * approval and publication times"): `pending` while it waits for a second person, else `scheduled`
 * for its publishAt. It is checked now as its publish would be (rules, sizes, the feed invariants)
 * in a savepoint rolled back after, so a refusal is the act's, as it would be at approval.
 */
export async function holdAlertInAct(
  feed: FeedTransaction,
  options: {
    json: { id: string; alert: object };
    by: string | null;
    /** Waits for a second person (else only for publishAt). */
    approval: boolean;
    publishAt: Date | null;
    /** What the audit says after the alert's name: "told with train X by Y". */
    told: string;
  },
): Promise<HeldAlert> {
  const { by, json } = options;
  let warnings: SaveFeedEntityResult['warnings'] = [];
  await feed.deps.db
    .transaction(async (savepoint) => {
      await feedActIn({ ...feed.deps, db: savepoint }, new FeedChanges(), async (rehearsal) => {
        const alert = await saveFeedEntity(rehearsal.deps, {
          kind: 'alert',
          entity: { json },
          by,
          log: true,
          changes: rehearsal.changes,
        });
        warnings = alert.warnings;
      });
      throw new Rehearsed();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rehearsed)) throw error;
    });
  const author = by ?? 'unknown';
  await takePendingPlace(feed.deps, feed.deps.db, author);
  const now = feed.deps.now();
  const state = options.approval ? 'pending' : 'scheduled';
  const [item] = await feed.deps.db
    .insert(pendingItems)
    .values({
      id: randomUUID(),
      kind: 'alert',
      entityId: json.id,
      state,
      entity: json,
      baseRevision: null,
      log: true,
      publishAt: options.publishAt,
      createdAt: now,
      createdBy: author,
    })
    .returning();
  const when = options.publishAt ? `, to enter the feed at ${options.publishAt.toISOString()}` : '';
  await auditPending(feed.deps.db, {
    at: now,
    by,
    action: options.approval ? 'save_pending' : 'schedule',
    item: item!,
    summary: `${itemName(item!)} ${options.told}, ${options.approval ? 'pending approval' : 'scheduled'}${when}.`,
  });
  return { item: item!, warnings };
}

/**
 * A lifted disruption's alert that still waits (pending or scheduled) is withdrawn in the lift's
 * act: nobody approves, and no clock publishes, an alert about trains running again
 * (docs/contract-notes.md "Two-person approval and publication times"). Listed 7 days as withdrawn,
 * with the lift as its reason; audited.
 */
export async function withdrawWaitingAlert(
  tx: DbOrTx,
  options: { alertId: string; by: string | null; at: Date; why: string },
): Promise<number> {
  const waiting = await tx
    .select()
    .from(pendingItems)
    .where(
      and(
        eq(pendingItems.kind, 'alert'),
        eq(pendingItems.entityId, options.alertId),
        isAnyOf(pendingItems.state, ['pending', 'scheduled']),
      ),
    )
    .for('update');
  for (const item of waiting) {
    await tx
      .update(pendingItems)
      .set({ state: 'withdrawn', decidedAt: options.at, decidedBy: options.by, reason: options.why })
      .where(eq(pendingItems.id, item.id));
    await auditPending(tx, {
      at: options.at,
      by: options.by,
      action: 'withdraw',
      item,
      summary: `${itemName(item)} by ${item.createdBy} withdrawn by ${options.by ?? 'the system'} before it entered the feed: ${options.why}`,
    });
  }
  return waiting.length;
}
