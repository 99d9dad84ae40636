import { scheduleVersions } from '@feeddesk/drizzle';
import { desc } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { ScheduleCounts } from './store-schedule-version.ts';

export type ScheduleVersionListItem = {
  id: number;
  status: string;
  sourceKind: string;
  sourceName: string;
  uploadedBy: string | null;
  createdAt: Date;
  activatedAt: Date | null;
  counts: ScheduleCounts | null;
  error: string | null;
};

/** The kept schedule versions, newest first (who, when, source, status, counts). */
export async function listScheduleVersions(deps: Pick<Deps, 'db'>): Promise<ScheduleVersionListItem[]> {
  const rows = await deps.db
    .select({
      id: scheduleVersions.id,
      status: scheduleVersions.status,
      sourceKind: scheduleVersions.sourceKind,
      sourceName: scheduleVersions.sourceName,
      uploadedBy: scheduleVersions.uploadedBy,
      createdAt: scheduleVersions.createdAt,
      activatedAt: scheduleVersions.activatedAt,
      counts: scheduleVersions.counts,
      error: scheduleVersions.error,
    })
    .from(scheduleVersions)
    .orderBy(desc(scheduleVersions.id));
  return rows.map((r) => ({ ...r, counts: (r.counts as ScheduleCounts | null) ?? null }));
}
