import { scheduleVersions, storedFiles } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';
import { listCalendarRules } from '../list-calendar-rules.ts';
import { activeServiceIds } from '../time/active-services.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../time/service-day.ts';
import { currentReportId } from './get-schedule-file.ts';

export type ScheduleInfo = {
  timezone: string;
  /** POSIX seconds of the last successful load; 0 when none (docs/rest-api.md time_since_last_schedule). */
  timeSinceLastSchedule: number;
  workbookLastModified: string | null;
  hasZip: boolean;
  hasReport: boolean;
  todayServices: string[];
  /** Today's service date (YYYYMMDD, agency zone): the editors' default date. */
  today: string;
  versionId: number | null;
};

/** What the home and upload screens show about the current schedule. */
export async function getScheduleInfo(deps: Pick<Deps, 'db' | 'now'>): Promise<ScheduleInfo> {
  const current = await findCurrentSchedule(deps);
  if (!current) {
    return {
      timezone: DEFAULT_TIMEZONE,
      timeSinceLastSchedule: 0,
      workbookLastModified: null,
      hasZip: false,
      // The public report is the current schedule's (a refused upload's is linked from its log).
      hasReport: false,
      todayServices: [],
      today: serviceDateOf(deps.now(), DEFAULT_TIMEZONE),
      versionId: null,
    };
  }
  const [version] = await deps.db
    .select()
    .from(scheduleVersions)
    .where(eq(scheduleVersions.id, current.versionId));
  const [workbook] = version?.workbookFileId
    ? await deps.db
        .select({ createdAt: storedFiles.createdAt })
        .from(storedFiles)
        .where(eq(storedFiles.id, version.workbookFileId))
    : [];
  const today = serviceDateOf(deps.now(), current.timezone);
  const rules = await listCalendarRules(deps, { versionId: current.versionId, dates: [today] });
  return {
    timezone: current.timezone,
    timeSinceLastSchedule: (version?.activatedAt?.getTime() ?? 0) / 1000,
    workbookLastModified: workbook?.createdAt.toISOString() ?? null,
    hasZip: !!version?.zipFileId,
    hasReport: (await currentReportId(deps, current.versionId, 'html')) !== null,
    todayServices: activeServiceIds(today, rules.calendars, rules.calendarDates),
    today,
    versionId: current.versionId,
  };
}
