import { scheduleVersions } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isAnyOf } from './statement-batches.ts';
import { deleteVersionRows } from './store/delete-version-rows.ts';
import { unlockedLoads } from './store/load-lock.ts';

/**
 * On start-up: schedule loads left in `loading` by a killed process are marked failed and their
 * rows deleted; the current schedule was never touched by them. A load another live process is
 * running holds its lock (load-lock.ts) and is spared. Returns the version ids marked.
 */
export async function markInterruptedLoads(
  deps: Pick<AppDeps, 'db' | 'database' | 'log'>,
): Promise<number[]> {
  const loading = await deps.db
    .select({ id: scheduleVersions.id })
    .from(scheduleVersions)
    .where(eq(scheduleVersions.status, 'loading'));
  const interrupted = await unlockedLoads(
    deps.database,
    loading.map((v) => v.id),
  );
  if (interrupted.length === 0) return [];
  const marked = await deps.db
    .update(scheduleVersions)
    .set({
      status: 'failed',
      error: 'The load was interrupted (the server stopped); upload the schedule again.',
    })
    .where(and(eq(scheduleVersions.status, 'loading'), isAnyOf(scheduleVersions.id, interrupted)))
    .returning({ id: scheduleVersions.id });
  const ids = marked.map((v) => v.id);
  if (ids.length > 0) deps.log.warn({ versionIds: ids }, 'marked interrupted schedule loads as failed');
  await deleteVersionRows(deps, ids);
  return ids;
}
