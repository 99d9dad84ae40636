import { randomUUID } from 'node:crypto';
import { pendingItems } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import type { ApplyDisruptionOptions, ApplyDisruptionResult } from '../disruptions/apply-disruption.ts';
import { applyDisruption } from '../disruptions/apply-disruption.ts';
import { AppError } from '../errors.ts';
import { auditPending, itemName, takePendingPlace } from './pending-item.ts';

/**
 * A disruption saved by a user without the approve role while approval is
 * `alerts_and_disruptions`: rehearsed now as its apply would be (422 with the same refusals),
 * then kept until another approver applies or rejects it; the feed is not touched.
 */
export async function holdDisruption(
  deps: AppDeps,
  options: ApplyDisruptionOptions & { by: string },
): Promise<ApplyDisruptionResult & { state: 'pending'; pendingId: string }> {
  if (options.reason.trim() === '')
    throw new AppError('validation_failed', { message: 'Give a reason: it is kept with the disruption.' });
  const preview = await applyDisruption(deps, { ...options, dryRun: true });
  if (preview.refusals && preview.refusals.length > 0)
    throw new AppError('feed_rules_failed', {
      message: preview.refusals.map((n) => n.message).join(' '),
      details: { notices: preview.refusals },
    });
  const { within: _within, dryRun: _dryRun, ...stored } = options;
  const now = deps.now();
  const item = await deps.db.transaction(async (tx) => {
    await takePendingPlace(deps, tx, options.by);
    const [row] = await tx
      .insert(pendingItems)
      .values({
        id: randomUUID(),
        kind: 'disruption',
        entityId: randomUUID(),
        state: 'pending',
        entity: stored,
        createdAt: now,
        createdBy: options.by,
      })
      .returning();
    await auditPending(tx, {
      at: now,
      by: options.by,
      action: 'save_pending',
      item: row!,
      summary: `${itemName(row!)} saved by ${options.by}, pending approval (${preview.count} trains).`,
    });
    return row!;
  });
  return { ...preview, refusals: undefined, id: null, alertId: null, state: 'pending', pendingId: item.id };
}
