import type { AppDeps } from '../../deps.ts';
import { buildDemoTimetableWorkbook } from '../../gtfs/index.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';
import { importSchedule } from './import-schedule.ts';

/**
 * First start: when no schedule exists, load the generated demo network through the same import
 * as an upload, so a new user can try every screen at once.
 */
export async function importDemoScheduleIfEmpty(deps: AppDeps): Promise<boolean> {
  if (await findCurrentSchedule(deps)) return false;
  const bytes = await buildDemoTimetableWorkbook();
  await importSchedule(deps, {
    bytes,
    fileName: 'demo-timetable.xlsx',
    uploadedBy: null,
    jobId: null,
    progress: async () => {},
  });
  deps.log.info('Loaded the demo schedule.');
  return true;
}
