import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import type { CurrentSchedule } from './schedule-cache.ts';

export { type CurrentSchedule, ScheduleCache, scheduleCache } from './schedule-cache.ts';

/** The current schedule (version id + agency time zone); throws `no_schedule` when none is loaded. */
export async function getCurrentSchedule(deps: Pick<Deps, 'db'>): Promise<CurrentSchedule> {
  const current = await findCurrentSchedule(deps);
  if (!current) {
    throw new AppError('no_schedule', {
      message: 'No schedule is loaded yet; upload a GTFS zip or workbook first.',
    });
  }
  return current;
}
