import { DateTime } from 'luxon';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { DEFAULT_TIMEZONE } from '../schedule/time/service-day.ts';

/** What the alert editor showed as the impact's start: the wall clock and the zone it read it in. */
export type ChosenStart = { wallClock: string; zone: string };

type Periods = { start?: number | string | null }[] | undefined;
type AlertJson = { alert?: { impactPeriod?: Periods; activePeriod?: Periods } };

/**
 * A published alert's impact starts within the minute the controller chose. The editor
 * sends the start it showed and the zone it used; the save is refused (422) when that zone is not
 * the current schedule's, or the start stored is not within that minute of that zone.
 */
export async function checkChosenStart(deps: Deps, entity: unknown, chosen: ChosenStart): Promise<void> {
  const current = await findCurrentSchedule(deps);
  const zone = current?.timezone ?? DEFAULT_TIMEZONE;
  if (chosen.zone !== zone)
    throw new AppError('alert_start_not_chosen', {
      message: `The start was chosen in ${chosen.zone}, but the schedule's times are in ${zone}; reload the alert editor and choose the start again.`,
    });
  const minute = DateTime.fromISO(chosen.wallClock, { zone });
  const alert = (entity as AlertJson).alert;
  const raw = (alert?.impactPeriod ?? alert?.activePeriod)?.[0]?.start;
  const start = raw === undefined || raw === null ? Number.NaN : Number(raw);
  const from = minute.isValid ? Math.floor(minute.toSeconds()) : Number.NaN;
  if (!(start >= from && start < from + 60))
    throw new AppError('alert_start_not_chosen', {
      message: `The alert's impact would start at ${
        Number.isFinite(start)
          ? DateTime.fromSeconds(start, { zone }).toFormat('yyyy-MM-dd HH:mm')
          : 'no time'
      } in ${zone}, not at ${chosen.wallClock.replace('T', ' ')} as chosen; choose the start again and save.`,
    });
}
