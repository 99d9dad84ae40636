import { scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

/** The planned works (disruption ids) the current schedule version holds. */
export async function currentPlannedWorks(deps: Pick<Deps, 'db'>): Promise<string[]> {
  const [row] = await deps.db
    .select({ plannedWorks: scheduleVersions.plannedWorks })
    .from(scheduleVersions)
    .where(eq(scheduleVersions.status, 'current'));
  return row?.plannedWorks ?? [];
}
