import type { AppDeps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { DEFAULT_TIMEZONE } from '../schedule/time/service-day.ts';

/**
 * The zone of summary names and of the days summaries and the dashboard count in: the operator's
 * (OPERATOR_TIMEZONE), so that loading a schedule of another zone (a test with a Madrid feed) does
 * not shift every name and day; without it, the current schedule's agency zone.
 */
export async function summaryTimezone(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> {
  return deps.config.OPERATOR_TIMEZONE ?? (await findCurrentSchedule(deps))?.timezone ?? DEFAULT_TIMEZONE;
}
