import { scheduleVersions } from '@feeddesk/drizzle';
import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { deleteVersionRows } from './store/delete-version-rows.ts';

export type MarkInterruptedLoadsOptions = {
  /**
   * Only loads created before this moment (default: now). With several processes on one
   * PostgreSQL, pass this process's start time so a load another process is running is spared.
   */
  createdBefore?: Date;
};

/**
 * On start-up: schedule loads left in `loading` by a killed process are marked failed and their
 * rows deleted; the current schedule was never touched by them. Returns the version ids marked.
 */
export async function markInterruptedLoads(
  deps: Pick<Deps, 'db' | 'now' | 'log'>,
  options: MarkInterruptedLoadsOptions = {},
): Promise<number[]> {
  const marked = await deps.db
    .update(scheduleVersions)
    .set({
      status: 'failed',
      error: 'The load was interrupted (the server stopped); upload the schedule again.',
    })
    .where(
      and(
        eq(scheduleVersions.status, 'loading'),
        lt(scheduleVersions.createdAt, options.createdBefore ?? deps.now()),
      ),
    )
    .returning({ id: scheduleVersions.id });
  const ids = marked.map((v) => v.id);
  if (ids.length > 0) deps.log.warn({ versionIds: ids }, 'marked interrupted schedule loads as failed');
  await deleteVersionRows(deps, ids);
  return ids;
}
