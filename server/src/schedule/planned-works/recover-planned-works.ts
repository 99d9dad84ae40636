import { disruptions, scheduleVersions } from '@feeddesk/drizzle';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Planned works an older release left half published: its publish wrote the disruption, then made
 * the version, and a crash between left a disruption without a version, which the next version
 * carried unasked. Kept, with the first version that holds them, when one does (they are in the
 * schedule); else removed (their publish never got an answer), and the audit trail says so. The
 * publish of this release writes both in one transaction (publishPlannedWorks), so only rows of an
 * older release are found; run at every start, before the product serves.
 */
export async function recoverPlannedWorks(deps: Pick<AppDeps, 'db' | 'now' | 'log'>): Promise<void> {
  const rows = await deps.db
    .select()
    .from(disruptions)
    .where(
      and(eq(disruptions.publishAs, 'schedule'), isNull(disruptions.versionId), isNull(disruptions.liftedAt)),
    );
  for (const row of rows) {
    await deps.db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ id: scheduleVersions.id })
        .from(scheduleVersions)
        .where(sql`${scheduleVersions.plannedWorks} @> ${JSON.stringify([row.id])}::jsonb`)
        .orderBy(asc(scheduleVersions.id))
        .limit(1);
      if (holder) {
        await tx.update(disruptions).set({ versionId: holder.id }).where(eq(disruptions.id, row.id));
        return;
      }
      await tx.delete(disruptions).where(eq(disruptions.id, row.id));
      await recordAudit(tx, {
        at: deps.now(),
        by: null,
        kind: 'disruption',
        action: 'lift',
        entityId: row.id,
        summary: `Removed the planned works "${row.reason}" of ${row.serviceDate}: their publish was interrupted before any schedule version held them, so riders were never told of them.`,
      });
      deps.log.warn(
        { disruptionId: row.id },
        `Removed the planned works "${row.reason}" of ${row.serviceDate}, whose publish was interrupted`,
      );
    });
  }
}
