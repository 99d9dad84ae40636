import { DateTime, IANAZone } from 'luxon';

/** The operator's zone, used only when a schedule names none. */
export const DEFAULT_TIMEZONE = 'Africa/Johannesburg';

/** A GTFS date, `YYYYMMDD`. */
export type ServiceDate = string;

/**
 * Start of a GTFS service day: noon minus 12 h, local time of `tz`. On a day a DST change
 * happens this is not midnight (e.g. 23:00 or 01:00 of the previous evening/same night), which
 * is what GTFS times are counted from.
 */
export function serviceDayStart(date: ServiceDate, tz: string): DateTime {
  const noon = DateTime.fromObject({ ...dateParts(date), hour: 12 }, { zone: tz });
  return noon.minus({ hours: 12 });
}

/** POSIX seconds of `serviceDayStart`. */
export function serviceDayStartSecs(date: ServiceDate, tz: string): number {
  const key = `${tz} ${date}`;
  let secs = dayStarts.get(key);
  if (secs === undefined) {
    secs = Math.round(serviceDayStart(date, tz).toSeconds());
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, secs);
  }
  return secs;
}

/**
 * Every trip update save asks it (often twice), and luxon works a zone's offset out through Intl
 * each time: 3 % of the main thread with two editors saving back to back. A day's start never
 * changes, so it is worked out once (a few days of a few zones in practice; bounded anyway).
 */
const dayStarts = new Map<string, number>();

/** The local calendar date of `now` in `tz` = the service day that starts "today". */
export function serviceDateOf(now: Date, tz: string): ServiceDate {
  const at = now.getTime();
  const day = localDays.get(tz);
  if (day && at >= day.from && at < day.until) return day.date;
  const local = DateTime.fromJSDate(now, { zone: tz });
  const from = local.startOf('day');
  const date = local.toFormat('yyyyLLdd');
  localDays.set(tz, { date, from: from.toMillis(), until: from.plus({ days: 1 }).startOf('day').toMillis() });
  return date;
}

/** The local day last asked per zone, from its midnight to the next: asked on every save and poll. */
const localDays = new Map<string, { date: ServiceDate; from: number; until: number }>();

export function addDays(date: ServiceDate, days: number): ServiceDate {
  const { year, month, day } = dateParts(date);
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day + days);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getUTCFullYear()).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}

/** Seconds from the start of service day `date` to `now` (may be negative or pass 86 400). */
export function secondsIntoServiceDay(now: Date, date: ServiceDate, tz: string): number {
  return Math.floor(now.getTime() / 1000) - serviceDayStartSecs(date, tz);
}

/**
 * A local wall-clock time (`HH:MM[:SS]`) on service day `date`, as GTFS seconds of that day.
 * Undefined for text that is not such a time.
 */
export function localTimeToServiceSecs(time: string, date: ServiceDate, tz: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match) return undefined;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const local = DateTime.fromObject({ ...dateParts(date), hour, minute, second }, { zone: tz });
  return Math.round(local.toSeconds()) - serviceDayStartSecs(date, tz);
}

export function isValidTimezone(tz: string): boolean {
  return IANAZone.isValidZone(tz);
}

/**
 * A real calendar date written `YYYYMMDD`. Worked out by arithmetic (proleptic Gregorian, as
 * luxon's): every trip update's rules ask it several times, and luxon's DateTime took 0.4 s of
 * the main thread in a preview and apply of 5 000 trips.
 */
export function isServiceDate(text: string): boolean {
  if (!/^\d{8}$/.test(text)) return false;
  const { year, month, day } = dateParts(text);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [4, 6, 9, 11].includes(month) ? 30 : 31;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

function dateParts(date: ServiceDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(4, 6)), day: Number(date.slice(6, 8)) };
}
