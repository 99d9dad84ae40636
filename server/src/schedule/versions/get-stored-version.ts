import { type ScheduleVersionRow, scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** Statuses whose stops, trips and times are still stored (store/prune-versions.ts keeps no others). */
export const ROWS_KEPT_STATUSES = ['current', 'previous'] as const;

/** A schedule version whose GTFS rows are still stored; throws when unknown or pruned. */
export async function getStoredVersion(db: DbOrTx, versionId: number): Promise<ScheduleVersionRow> {
  const [version] = await db.select().from(scheduleVersions).where(eq(scheduleVersions.id, versionId));
  if (!version)
    throw new AppError('schedule_version_not_found', {
      message: `There is no schedule version ${versionId}. The versions list shows the kept ones.`,
    });
  if (!(ROWS_KEPT_STATUSES as readonly string[]).includes(version.status))
    throw new AppError('schedule_version_pruned', {
      message: `The stops, trips and times of schedule version ${versionId} (${version.status}) are no longer kept: only the current and the previous versions keep them. Upload its file again to compare or restore it.`,
    });
  return version;
}
