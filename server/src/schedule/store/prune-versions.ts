import { scheduleVersions } from '@feeddesk/drizzle';
import { and, desc } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { isAnyOf, isNoneOf } from '../statement-batches.ts';
import { deleteVersionRows, dropStalePartitions } from './delete-version-rows.ts';

/** How many versions' metadata (who, when, counts, files) the versions list keeps. */
export const KEPT_VERSIONS = 5;

/**
 * Keeps the GTFS rows of the current and previous versions only (and of loads under way), and
 * the metadata of the last KEPT_VERSIONS versions plus those two.
 */
export async function pruneVersions(deps: Pick<Deps, 'db'>): Promise<void> {
  const stale = await deps.db
    .select({ id: scheduleVersions.id })
    .from(scheduleVersions)
    .where(isAnyOf(scheduleVersions.status, ['archived', 'failed']));
  await deleteVersionRows(
    deps,
    stale.map((v) => v.id),
  );
  // Partitions a long query kept from being dropped before, and those of versions gone since.
  await dropStalePartitions(deps);
  const kept = await deps.db
    .select({ id: scheduleVersions.id })
    .from(scheduleVersions)
    .orderBy(desc(scheduleVersions.id))
    .limit(KEPT_VERSIONS);
  await deps.db.delete(scheduleVersions).where(
    and(
      isAnyOf(scheduleVersions.status, ['archived', 'failed']),
      isNoneOf(
        scheduleVersions.id,
        kept.map((v) => v.id),
      ),
    ),
  );
}
