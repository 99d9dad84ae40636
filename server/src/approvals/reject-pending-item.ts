import { pendingItems } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { decidedAlready, refuseOwn } from './approve-pending-item.ts';
import { auditPending, itemName, lockPendingItem, REASON_MAX_CHARS } from './pending-item.ts';

/**
 * A second person rejects what another saved, with a reason the author reads in the list and the
 * audit trail; the alert never enters the feed (a live version it would have replaced serves on).
 */
export async function rejectPendingItem(
  deps: AppDeps,
  options: { id: string; by: string; reason: string },
): Promise<{ id: string; entityId: string; state: 'rejected'; reason: string; message: string }> {
  const reason = options.reason.trim();
  if (reason === '')
    throw new AppError('validation_failed', {
      message: 'Give a reason for the rejection: the author reads it.',
    });
  if (reason.length > REASON_MAX_CHARS)
    throw new AppError('validation_failed', {
      message: `The reason has ${reason.length} characters; keep it under ${REASON_MAX_CHARS}.`,
    });
  return deps.db.transaction(async (tx) => {
    const item = await lockPendingItem(tx, options.id);
    refuseOwn(item.createdBy, options.by, 'reject');
    if (item.state !== 'pending') throw decidedAlready(item.state);
    const now = deps.now();
    await tx
      .update(pendingItems)
      .set({ state: 'rejected', decidedAt: now, decidedBy: options.by, reason })
      .where(eq(pendingItems.id, item.id));
    await auditPending(tx, {
      at: now,
      by: options.by,
      action: 'reject',
      item,
      summary: `${itemName(item)} by ${item.createdBy} rejected by ${options.by}: ${reason}`,
    });
    return { id: item.id, entityId: item.entityId, state: 'rejected', reason, message: 'Rejected.' };
  });
}
