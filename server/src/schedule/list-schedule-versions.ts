import { disruptions, scheduleVersions } from '@feeddesk/drizzle';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { KEPT_VERSIONS } from './store/prune-versions.ts';
import type { ScheduleCounts } from './store-schedule-version.ts';
import { ROWS_KEPT_STATUSES } from './versions/get-stored-version.ts';

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
  /** Its stops, trips and times are still stored: it can be compared and restored. */
  rowsKept: boolean;
  /** The planned works this version's schedule holds (docs/contract-notes.md "Planned works in the schedule"). */
  plannedWorks: { id: string; reason: string; serviceDate: string }[];
};

export type ScheduleVersionList = {
  /** How many versions the list keeps at most (besides the current and previous ones). */
  keptVersions: number;
  versions: ScheduleVersionListItem[];
};

/** The kept schedule versions, newest first (who, when, source, status, counts), and how many are kept. */
export async function listScheduleVersions(deps: Pick<Deps, 'db'>): Promise<ScheduleVersionList> {
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
      plannedWorks: scheduleVersions.plannedWorks,
    })
    .from(scheduleVersions)
    .orderBy(desc(scheduleVersions.id));
  const works = await deps.db
    .select({ id: disruptions.id, reason: disruptions.reason, serviceDate: disruptions.serviceDate })
    .from(disruptions)
    .where(eq(disruptions.publishAs, 'schedule'));
  const work = new Map(works.map((w) => [w.id, w]));
  const versions = rows.map((r) => ({
    ...r,
    plannedWorks: r.plannedWorks.flatMap((id) => work.get(id) ?? []),
    counts: (r.counts as ScheduleCounts | null) ?? null,
    rowsKept: (ROWS_KEPT_STATUSES as readonly string[]).includes(r.status),
  }));
  return { keptVersions: KEPT_VERSIONS, versions };
}
