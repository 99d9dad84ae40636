import { disruptions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { withdrawWaitingAlert } from '../approvals/hold-alert-in-act.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import { FeedChanges, feedActIn } from '../feed/feed-transaction.ts';
import { makePlannedWorksVersion } from '../schedule/planned-works/make-planned-works-version.ts';
import { liftedAudit } from './disruption-audit.ts';

/**
 * Lifts planned works: a new current schedule version without them (the others still ahead are
 * kept), and their alert leaves the feed (or, still waiting, is withdrawn). They are marked lifted, and their alert deleted, in the
 * transaction that makes that version current: a crash or a refusal at any phase leaves them
 * planned and in the schedule, or lifted and out of it (docs/contract-notes.md "Planned works in
 * the schedule").
 */
export async function liftPlannedWorks(
  deps: AppDeps,
  options: { id: string; by: string | null },
): Promise<{ id: string; versionId: number }> {
  // Refused before a version is made; checked again in the switch's transaction.
  await findLiftable(deps.db, options.id);
  const changes = new FeedChanges();
  const { versionId } = await makePlannedWorksVersion(deps, {
    by: options.by,
    lifting: options.id,
    withSwitch: async (tx, version) => {
      const disruption = await findLiftable(tx, options.id);
      await tx
        .update(disruptions)
        .set({ liftedAt: deps.now(), liftedBy: options.by })
        .where(eq(disruptions.id, options.id));
      if (disruption.alertId) {
        const alertId = disruption.alertId;
        await feedActIn({ ...deps, db: tx }, changes, (feed) =>
          deleteFeedEntity(feed.deps, {
            kind: 'alert',
            id: alertId,
            by: options.by,
            ifLive: true,
            changes: feed.changes,
          }),
        );
        // Still waiting for approval or its time, it never enters the feed now.
        await withdrawWaitingAlert(tx, {
          alertId,
          by: options.by,
          at: deps.now(),
          why: `its planned works "${disruption.reason}" were lifted.`,
        });
      }
      await recordAudit(tx, {
        ...liftedAudit(deps.now(), options.by, disruption),
        summary: `Lifted the planned works "${disruption.reason}" of ${disruption.serviceDate}: schedule version ${version.versionId} runs those trips again.`,
      });
    },
  });
  await changes.announce(deps.bus);
  return { id: options.id, versionId };
}

async function findLiftable(db: DbOrTx, id: string) {
  const [row] = await db.select().from(disruptions).where(eq(disruptions.id, id));
  if (!row)
    throw new AppError('disruption_not_found', {
      message: `There is no disruption with id '${id}'.`,
    });
  if (row.liftedAt) throw new AppError('conflict', { message: `Disruption '${id}' was already lifted.` });
  return row;
}
