import { scheduleVersions } from '@feeddesk/drizzle';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { type CurrentSchedule, scheduleCache } from './schedule-cache.ts';
import { DEFAULT_TIMEZONE } from './time/service-day.ts';

/** The current schedule (cached, see ScheduleCache), or null when none is loaded. */
export function findCurrentSchedule(deps: Pick<Deps, 'db'>): Promise<CurrentSchedule | null> {
  return scheduleCache.get(deps.db, async () => {
    const [row] = await deps.db
      .select({
        versionId: scheduleVersions.id,
        timezone: scheduleVersions.agencyTimezone,
        activatedAt: scheduleVersions.activatedAt,
        feedVersion: scheduleVersions.feedVersion,
      })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'current'))
      .orderBy(desc(scheduleVersions.id))
      .limit(1);
    if (!row) return null;
    return {
      versionId: row.versionId,
      timezone: row.timezone ?? DEFAULT_TIMEZONE,
      activatedAt: row.activatedAt,
      feedVersion: row.feedVersion,
    };
  });
}
