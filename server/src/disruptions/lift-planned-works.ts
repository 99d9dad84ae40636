import { disruptions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import { makePlannedWorksVersion } from '../schedule/planned-works/make-planned-works-version.ts';
import { liftedAudit } from './disruption-audit.ts';
import { lockDisruptions } from './lock-disruptions.ts';

/**
 * Lifts planned works: a new current schedule version without them (the others still ahead are
 * kept), and their alert leaves the feed. When the version cannot be made they stay planned.
 */
export async function liftPlannedWorks(
  deps: AppDeps,
  options: { id: string; by: string | null },
): Promise<{ id: string; versionId: number }> {
  const disruption = await deps.db.transaction(async (tx) => {
    await lockDisruptions(tx);
    const [row] = await tx.select().from(disruptions).where(eq(disruptions.id, options.id));
    if (!row)
      throw new AppError('disruption_not_found', {
        message: `There is no disruption with id '${options.id}'.`,
      });
    if (row.liftedAt)
      throw new AppError('conflict', { message: `Disruption '${options.id}' was already lifted.` });
    await tx
      .update(disruptions)
      .set({ liftedAt: deps.now(), liftedBy: options.by })
      .where(eq(disruptions.id, options.id));
    return row;
  });
  let versionId: number;
  try {
    ({ versionId } = await makePlannedWorksVersion(deps, { by: options.by }));
  } catch (error) {
    await deps.db
      .update(disruptions)
      .set({ liftedAt: null, liftedBy: null })
      .where(eq(disruptions.id, options.id));
    throw error;
  }
  if (disruption.alertId)
    await deleteFeedEntity(deps, { kind: 'alert', id: disruption.alertId, by: options.by, ifLive: true });
  await recordAudit(deps.db, {
    ...liftedAudit(deps.now(), options.by, disruption),
    summary: `Lifted the planned works "${disruption.reason}" of ${disruption.serviceDate}: schedule version ${versionId} runs those trips again.`,
  });
  return { id: options.id, versionId };
}
