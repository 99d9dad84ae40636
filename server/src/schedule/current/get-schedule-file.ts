import { scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getFileById, getLatestFile, type StoredFile } from '../../files/get-file.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';

export type ScheduleFileName = 'gtfs.xlsx' | 'gtfs.zip' | 'report.html' | 'report.json';

/**
 * The downloads of contract.md: the current schedule's workbook and zip, and the last validation
 * report (of the last upload, even a refused one, so a planner can see what to fix).
 */
export async function getScheduleFile(deps: Pick<Deps, 'db'>, name: ScheduleFileName): Promise<StoredFile> {
  if (name === 'report.html') return getLatestFile(deps, 'report_html', 'validation report');
  if (name === 'report.json') return getLatestFile(deps, 'report_json', 'validation report');
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('no_schedule', {
      message: 'No schedule is loaded yet. Upload the schedule workbook or a GTFS zip.',
    });
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
