import { jobMessages, scheduleVersions } from '@feeddesk/drizzle';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getFileById, type StoredFile } from '../../files/get-file.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';

export type ScheduleFileName = 'gtfs.xlsx' | 'gtfs.zip' | 'report.html' | 'report.json';

/**
 * The downloads of docs/rest-api.md: the current schedule's workbook, zip and validation report. A
 * refused upload's report is its job's (`jobId`), linked from its log: it never replaces the public
 * one, which is always the report of the schedule that serves.
 */
export async function getScheduleFile(
  deps: Pick<Deps, 'db'>,
  name: ScheduleFileName,
  options: { jobId?: string } = {},
): Promise<StoredFile> {
  const report = name === 'report.html' ? 'html' : name === 'report.json' ? 'json' : null;
  if (report && options.jobId)
    return getFileById(
      deps,
      await jobReportId(deps, options.jobId, report),
      'validation report of this upload',
    );
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('no_schedule', {
      message: 'No schedule is loaded yet. Upload the schedule workbook or a GTFS zip.',
    });
  if (report)
    return getFileById(
      deps,
      await currentReportId(deps, current.versionId, report),
      'validation report of the current schedule',
    );
  const [version] = await deps.db
    .select()
    .from(scheduleVersions)
    .where(eq(scheduleVersions.id, current.versionId));
  if (name === 'gtfs.zip') return getFileById(deps, version?.zipFileId, 'schedule zip');
  return getFileById(
    deps,
    version?.workbookFileId,
    'schedule workbook (this schedule is too large for Excel)',
  );
}

/**
 * The report of the current version; a version the product made itself (no upload, so no report
 * of its own) shows the report of the upload it came from, the last earlier version with one.
 */
export async function currentReportId(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  report: 'html' | 'json',
): Promise<number | null> {
  const column = report === 'html' ? scheduleVersions.reportHtmlFileId : scheduleVersions.reportJsonFileId;
  const [row] = await deps.db
    .select({ id: column })
    .from(scheduleVersions)
    .where(and(lte(scheduleVersions.id, versionId), isNotNull(column)))
    .orderBy(desc(scheduleVersions.id))
    .limit(1);
  return row?.id ?? null;
}

/** The report an upload job stored (its "Validated" message names the files). */
async function jobReportId(
  deps: Pick<Deps, 'db'>,
  jobId: string,
  report: 'html' | 'json',
): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: sql<string | null>`${jobMessages.data} -> 'reportFileIds' ->> ${report}` })
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, jobId), sql`${jobMessages.data} ? 'reportFileIds'`))
    .orderBy(desc(jobMessages.id))
    .limit(1);
  return row?.id ? Number(row.id) : null;
}
