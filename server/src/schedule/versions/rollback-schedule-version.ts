import { scheduleVersions } from '@feeddesk/drizzle';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit.ts';
import { findConsistencyFindings } from '../../consistency/find-consistency-findings.ts';
import type { Finding } from '../../consistency/finding.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import {
  findTripUpdatesNotInSchedule,
  type TripUpdateNotInSchedule,
} from '../../feed/find-trip-updates-not-in-schedule.ts';
import { SCHEDULE_CHANGED_CHANNEL, scheduleCache } from '../schedule-cache.ts';
import { SWITCH_LOCK } from '../store/activate-version.ts';
import { getStoredVersion } from './get-stored-version.ts';

export type RollbackResult = {
  /** The restored version, now current. */
  versionId: number;
  /** The version it replaced, now the previous one (a second rollback restores it). */
  replacedVersionId: number | null;
  /** The feed's consistency findings against the restored schedule. */
  findings: Finding[];
  /** Live trip updates whose trip the restored schedule lacks. */
  tripUpdatesNotInSchedule: TripUpdateNotInSchedule[];
};

/**
 * Makes a kept earlier version current again in one transaction: the current one becomes the
 * previous one, so the rollback itself can be undone the same way. Holds the lock that version
 * switches take (store/activate-version.ts), so a load finishing meanwhile waits for it; a load
 * still under way refuses the rollback, since it would replace the restored version moments
 * later. Then the consistency findings are run again against the restored schedule.
 */
export async function rollbackScheduleVersion(
  deps: AppDeps,
  options: { versionId: number; by: string | null },
): Promise<RollbackResult> {
  const { versionId, by } = options;
  const replacedVersionId = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWITCH_LOCK})`);
    const [loading] = await tx
      .select({ id: scheduleVersions.id, by: scheduleVersions.uploadedBy })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'loading'))
      .limit(1);
    if (loading)
      throw new AppError('schedule_load_under_way', {
        message: `Schedule version ${loading.id}${loading.by ? ` (uploaded by ${loading.by})` : ''} is loading now; nothing was rolled back. Roll back after it ends.`,
      });
    const target = await getStoredVersion(tx, versionId);
    if (target.status === 'current')
      throw new AppError('schedule_version_current', {
        message: `Schedule version ${versionId} is already the current schedule; nothing changed.`,
      });
    const [replaced] = await tx
      .update(scheduleVersions)
      .set({ status: 'previous' })
      .where(eq(scheduleVersions.status, 'current'))
      .returning({ id: scheduleVersions.id });
    await tx
      .update(scheduleVersions)
      .set({ status: 'current', activatedAt: deps.now() })
      .where(eq(scheduleVersions.id, versionId));
    await recordAudit(tx, {
      at: deps.now(),
      by,
      kind: 'schedule_version',
      action: 'rollback',
      entityId: String(versionId),
      summary: `Rolled back to schedule version ${versionId} (${target.sourceName})${replaced ? `, replacing version ${replaced.id}` : ''}.`,
      details: { replacedVersionId: replaced?.id ?? null, sourceName: target.sourceName },
    });
    return replaced?.id ?? null;
  });
  scheduleCache.invalidate();
  await deps.database
    .notify(SCHEDULE_CHANGED_CHANNEL, String(versionId))
    .catch((err) => deps.log.warn({ err, versionId }, 'rolled back, but could not tell the other processes'));
  return {
    versionId,
    replacedVersionId,
    findings: await findConsistencyFindings(deps),
    tripUpdatesNotInSchedule: await findTripUpdatesNotInSchedule(deps),
  };
}
