import { scheduleVersions } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit.ts';
import type { Deps, Tx } from '../../deps.ts';

/** The files an upload keeps with its version (workbook, zip, validation report). */
export type VersionFiles = {
  workbookFileId?: number;
  zipFileId?: number;
  reportHtmlFileId?: number;
  reportJsonFileId?: number;
  /** The file as given, when planned works were applied to it (docs/contract-notes.md "Planned works in the schedule"). */
  sourceFileId?: number;
  /** The planned works (disruption ids) the version holds. */
  plannedWorks?: string[];
};

/** Serialises version switches across processes (two loads finishing at once, a load and a rollback). */
export const SWITCH_LOCK = 727002;

/**
 * Makes a loaded version current in one transaction: previous → archived, current → previous,
 * this one → current. Readers see either the old schedule or the new one, never a mix.
 */
export async function activateVersion(
  deps: Pick<Deps, 'db' | 'now'>,
  versionId: number,
  counts: Record<string, number>,
  /** The stored files of the upload, when they were stored during the load. */
  files: VersionFiles = {},
  /**
   * Writes that belong to the switch, in its transaction (planned works published or lifted with
   * this version): all committed with it or, when it throws, none, and the version not made current.
   */
  withSwitch?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWITCH_LOCK})`);
    const [mine] = await tx
      .select({
        status: scheduleVersions.status,
        uploadedBy: scheduleVersions.uploadedBy,
        sourceName: scheduleVersions.sourceName,
      })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.id, versionId))
      .for('update');
    if (mine?.status !== 'loading') {
      throw new Error(
        `Schedule version ${versionId} is no longer loading (it was marked ${mine?.status ?? 'deleted'}).`,
      );
    }
    await tx
      .update(scheduleVersions)
      .set({ status: 'archived' })
      .where(eq(scheduleVersions.status, 'previous'));
    await tx
      .update(scheduleVersions)
      .set({ status: 'previous' })
      .where(eq(scheduleVersions.status, 'current'));
    await tx
      .update(scheduleVersions)
      .set({ status: 'current', activatedAt: deps.now(), counts, ...files })
      .where(and(eq(scheduleVersions.id, versionId), eq(scheduleVersions.status, 'loading')));
    await recordAudit(tx, {
      at: deps.now(),
      by: mine.uploadedBy,
      kind: 'schedule_version',
      action: 'upload',
      entityId: String(versionId),
      summary: `Loaded schedule version ${versionId} from ${mine.sourceName} (${counts.trips ?? 0} trips, ${counts.stopTimes ?? 0} stop times); it is now current.`,
      details: { sourceName: mine.sourceName, counts },
    });
    await withSwitch?.(tx);
  });
}
