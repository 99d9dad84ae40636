import { pendingItems } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { hasRole } from '../auth/roles.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { decidedAlready } from './approve-pending-item.ts';
import { auditPending, itemName, lockPendingItem } from './pending-item.ts';

/**
 * Its author (or an approver) takes back what waits, pending approval or scheduled, before it
 * enters the feed (docs/contract-notes.md "Two-person approval and publication times"): a notice
 * scheduled for 05:00 that is no longer true is withdrawn, not left to publish. Listed 7 days,
 * like a rejection, and audited.
 */
export async function withdrawPendingItem(
  deps: AppDeps,
  options: { id: string; by: string; roles: readonly string[] },
): Promise<{ id: string; entityId: string; state: 'withdrawn'; message: string }> {
  return deps.db.transaction(async (tx) => {
    const item = await lockPendingItem(tx, options.id);
    if (item.createdBy !== options.by && !hasRole(options.roles, 'approve'))
      throw new AppError('forbidden', {
        message: `Only ${item.createdBy ?? 'its author'}, who saved it, or a user with the approve role can withdraw it.`,
      });
    if (item.state !== 'pending' && item.state !== 'scheduled') throw decidedAlready(item.state);
    const now = deps.now();
    await tx
      .update(pendingItems)
      .set({ state: 'withdrawn', decidedAt: now, decidedBy: options.by })
      .where(eq(pendingItems.id, item.id));
    await auditPending(tx, {
      at: now,
      by: options.by,
      action: 'withdraw',
      item,
      summary: `${itemName(item)} by ${item.createdBy} withdrawn by ${options.by} before it entered the feed.`,
    });
    return {
      id: item.id,
      entityId: item.entityId,
      state: 'withdrawn',
      message: 'Withdrawn: it will not enter the feed.',
    };
  });
}
