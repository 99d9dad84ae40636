import type { PendingItemRow } from '@feeddesk/drizzle';
import { pendingItems } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { type ApplyDisruptionOptions, applyDisruption } from '../disruptions/apply-disruption.ts';
import { AppError } from '../errors.ts';
import { inFeedTransaction } from '../feed/feed-transaction.ts';
import { auditPending, itemName, lockPendingItem, publishPendingAlert } from './pending-item.ts';

export type ApprovePendingItemResult = {
  id: string;
  entityId: string;
  /** published: in the feed now; scheduled: it enters at its publishAt. */
  state: 'published' | 'scheduled';
  message: string;
};

/**
 * A second person approves what another saved (docs/contract-notes.md "Two-person approval and
 * publication times"), in one act: the alert enters the feed (or waits for its publishAt), the
 * item is marked and the audit says who approved, or nothing at all when any of it fails (a
 * database that dies mid-way leaves the item pending and the feed as it was). An emergency publish
 * is approved afterwards: only its mark goes.
 */
export async function approvePendingItem(
  deps: AppDeps,
  options: { id: string; by: string },
): Promise<ApprovePendingItemResult> {
  const [peek] = await deps.db.select().from(pendingItems).where(eq(pendingItems.id, options.id));
  if (peek?.kind === 'disruption') return approveDisruption(deps, options, peek);
  return inFeedTransaction(deps, async (feed) => {
    const tx = feed.deps.db;
    const item = await lockPendingItem(tx, options.id);
    refuseOwn(item.createdBy, options.by, 'approve');
    const now = deps.now();
    const decided = { decidedAt: now, decidedBy: options.by };
    if (item.state === 'emergency') {
      await tx
        .update(pendingItems)
        .set({ ...decided, state: 'published' })
        .where(eq(pendingItems.id, item.id));
      await auditPending(tx, {
        at: now,
        by: options.by,
        action: 'approve_emergency',
        item,
        summary: `Emergency publish of ${itemName(item)} by ${item.createdBy} approved afterwards by ${options.by}.`,
      });
      return { id: item.id, entityId: item.entityId, state: 'published', message: 'Approved.' };
    }
    if (item.state !== 'pending') throw decidedAlready(item.state);
    if (item.publishAt && item.publishAt > now) {
      await tx
        .update(pendingItems)
        .set({ ...decided, state: 'scheduled' })
        .where(eq(pendingItems.id, item.id));
      await auditPending(tx, {
        at: now,
        by: options.by,
        action: 'approve',
        item,
        summary: `${itemName(item)} by ${item.createdBy} approved by ${options.by}; it enters the feed at ${item.publishAt.toISOString()}.`,
      });
      return {
        id: item.id,
        entityId: item.entityId,
        state: 'scheduled',
        message: `Approved: it enters the public feed at ${item.publishAt.toISOString()}.`,
      };
    }
    await publishPendingAlert(feed, item);
    await tx
      .update(pendingItems)
      .set({ ...decided, state: 'published', publishedAt: now })
      .where(eq(pendingItems.id, item.id));
    await auditPending(tx, {
      at: now,
      by: options.by,
      action: 'approve',
      item,
      summary: `${itemName(item)} by ${item.createdBy} approved by ${options.by}; it entered the feed at ${now.toISOString()}.`,
    });
    return {
      id: item.id,
      entityId: item.entityId,
      state: 'published',
      message: 'Approved: it is in the public feed now.',
    };
  });
}

/**
 * A held disruption is applied as its author asked, in the act that marks it decided (the
 * disruption's own transaction): both or neither, and a second approver at once finds it decided.
 */
async function approveDisruption(
  deps: AppDeps,
  options: { id: string; by: string },
  item: PendingItemRow,
): Promise<ApprovePendingItemResult> {
  refuseOwn(item.createdBy, options.by, 'approve');
  if (item.state !== 'pending') throw decidedAlready(item.state);
  const now = deps.now();
  const applied = await applyDisruption(deps, {
    ...(item.entity as ApplyDisruptionOptions),
    dryRun: false,
    by: item.createdBy,
    // Approved: its alert enters the feed with it, or at its publishAt when that is still ahead.
    holdAlert: false,
    within: async (feed, result) => {
      const tx = feed.deps.db;
      const [still] = await tx
        .update(pendingItems)
        .set({
          state: 'published',
          decidedAt: now,
          decidedBy: options.by,
          publishedAt: now,
          entityId: result.id ?? item.entityId,
        })
        .where(and(eq(pendingItems.id, item.id), eq(pendingItems.state, 'pending')))
        .returning();
      if (!still) throw decidedAlready('published');
      await auditPending(tx, {
        at: now,
        by: options.by,
        action: 'approve',
        item: still,
        summary: `${itemName(still)} by ${item.createdBy} approved by ${options.by}; applied to ${result.count} trains at ${now.toISOString()}.`,
      });
    },
  });
  return {
    id: item.id,
    entityId: applied.id ?? item.entityId,
    state: 'published',
    message:
      applied.alertState === 'scheduled' && applied.publishAt
        ? `Approved: the disruption is applied; its alert enters the public feed at ${applied.publishAt}.`
        : 'Approved: the disruption is applied.',
  };
}

/** The author of an item never decides it: that is what a second person is for. */
export function refuseOwn(author: string | null, by: string, act: 'approve' | 'reject'): void {
  if (author === by)
    throw new AppError('own_approval', {
      message: `You saved this yourself: another user with the approve role must ${act} it.`,
    });
}

export function decidedAlready(state: string): AppError {
  const sentences: Record<string, string> = {
    published: 'This item was approved already, or entered the feed at its time.',
    scheduled: 'This item was approved already; it enters the feed at its time.',
    rejected: 'This item was rejected already.',
    withdrawn: 'This item was withdrawn already (by its author, or its disruption was lifted).',
    failed: 'This item could not enter the feed at its time; save the alert again.',
    emergency:
      'This emergency publish is in the public feed already: approve it, or edit or delete the alert.',
  };
  return new AppError('pending_decided', { message: sentences[state] ?? 'This item was decided already.' });
}
