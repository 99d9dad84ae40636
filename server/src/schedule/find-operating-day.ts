import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listCalendarRules } from './list-calendar-rules.ts';
import { activeServiceIds } from './time/active-services.ts';
import {
  addDays,
  type ServiceDate,
  secondsIntoServiceDay,
  serviceDateOf,
  serviceDayStartSecs,
} from './time/service-day.ts';

/**
 * The operating day of a service date (docs/architecture.md "The operating day"): the runs of that
 * date's services, and the runs of the day before whose times pass 24:00 into its hours. A train
 * is running while its run is under way, whatever its service date: at 00:10 a train of
 * yesterday's 23:50 departure is a train of the night, found by number, selected by a window and
 * updated as the run of yesterday's date.
 */
export type OperatingDay = {
  versionId: number;
  timezone: string;
  /** The service date chosen (default: today's, the local date in the agency's zone). */
  date: ServiceDate;
  /** Whether `date` is today: only then are the day before's runs judged against now. */
  isToday: boolean;
  /** The services running on `date`. */
  services: Set<string>;
  /** `now` as GTFS seconds of `date` (negative before its start, past 86 400 after). */
  nowSecs: number;
  previous: {
    date: ServiceDate;
    services: Set<string>;
    /**
     * Seconds to add to a GTFS time of the day before to count it from `date`'s start (−86 400
     * but on a day the clocks change): its 24:35 is `date`'s 00:35.
     */
    shiftSecs: number;
  };
};

/** The operating day of `date` (default today) in the current schedule; null without one. */
export async function findOperatingDay(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { date?: ServiceDate } = {},
): Promise<OperatingDay | null> {
  const current = await findCurrentSchedule(deps);
  if (!current) return null;
  const tz = current.timezone;
  const today = serviceDateOf(deps.now(), tz);
  const date = options.date || today;
  const previous = addDays(date, -1);
  const services = await servicesOf(deps, current.versionId, previous, date);
  return {
    versionId: current.versionId,
    timezone: tz,
    date,
    isToday: date === today,
    services: services.date,
    nowSecs: secondsIntoServiceDay(deps.now(), date, tz),
    previous: {
      date: previous,
      services: services.previous,
      shiftSecs: serviceDayStartSecs(previous, tz) - serviceDayStartSecs(date, tz),
    },
  };
}

/**
 * Whether a run of the day before (its last arrival `endSecs`, GTFS seconds of its own date) is
 * still under way now on the operating day: the night's trains a controller still acts on.
 */
export function previousRunUnderWay(
  day: OperatingDay,
  endSecs: number | null,
  nowSecs: number = day.nowSecs,
): boolean {
  return day.isToday && endSecs !== null && endSecs + day.previous.shiftSecs >= nowSecs;
}

type DayServices = { date: Set<string>; previous: Set<string> };

/**
 * The services of a version on two dates only change with the version or the date, so they are
 * remembered per database handle (a few entries): the trip search asks on every keystroke.
 */
const memo = new WeakMap<object, Map<string, Promise<DayServices>>>();

function servicesOf(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  previous: ServiceDate,
  date: ServiceDate,
): Promise<DayServices> {
  let byKey = memo.get(deps.db);
  if (!byKey) {
    byKey = new Map();
    memo.set(deps.db, byKey);
  }
  const key = `${versionId}:${previous}:${date}`;
  let found = byKey.get(key);
  if (!found) {
    if (byKey.size > 8) byKey.clear();
    const entries = byKey;
    found = listCalendarRules(deps, { versionId, dates: [previous, date] }).then((rules) => ({
      date: new Set(activeServiceIds(date, rules.calendars, rules.calendarDates)),
      previous: new Set(activeServiceIds(previous, rules.calendars, rules.calendarDates)),
    }));
    found.catch(() => entries.delete(key));
    byKey.set(key, found);
  }
  return found;
}
