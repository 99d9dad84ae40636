/**
 * The agency's time zone for the whole test suite (feeds and screens are true in any
 * agency zone). FEEDDESK_AGENCY_TZ chooses it; by default Pacific/Auckland, 10–11 h from the
 * operator's Johannesburg and often on another calendar day than UTC. The browser runs in a third
 * zone (FEEDDESK_BROWSER_TZ, tests/support/browser.ts). `FEEDDESK_AGENCY_TZ=Africa/Johannesburg`
 * runs the suite as the product was first written.
 */
export const AGENCY_ZONE = process.env.FEEDDESK_AGENCY_TZ || 'Pacific/Auckland';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `YYYY-MM-DD`: the calendar day of `at` in `zone`. */
export function dateIn(zone: string, at: Date | number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
}

/** `HH:MM` (24 h): the wall-clock time of `at` in `zone`. */
export function timeIn(zone: string, at: Date | number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Today's date in the agency's zone (not the machine's, not UTC's). */
export const agencyToday = (at: Date | number = Date.now()) => dateIn(AGENCY_ZONE, at);

/** `date` plus `days` calendar days (a day is not always 24 h where clocks change). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The agency's today plus `days` calendar days. */
export const agencyDay = (days: number) => addDays(agencyToday(), days);

/** The day of the week of a calendar date. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
}

/** The first date from `from` on (included) that falls on one of `days`. */
export function nextDateOn(days: readonly Weekday[], from: string = agencyToday()): string {
  let date = from;
  while (!days.includes(weekdayOf(date))) date = addDays(date, 1);
  return date;
}

export const MON_TO_FRI: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** Milliseconds the zone's clock is ahead of UTC at `at`. */
function offsetAt(zone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the wall clock in `zone` shows `date` `hh:mm` (a time that exists there). */
export function wallTime(date: string, hhmm: string, zone: string = AGENCY_ZONE): Date {
  const asUtc = Date.parse(`${date}T${hhmm}:00Z`);
  let at = asUtc - offsetAt(zone, asUtc);
  at = asUtc - offsetAt(zone, at); // again, in case the first guess crossed a clock change
  const shown = `${dateIn(zone, at)} ${timeIn(zone, at)}`;
  if (shown !== `${date} ${hhmm}`) throw new Error(`${date} ${hhmm} does not exist in ${zone}`);
  return new Date(at);
}

/** Seconds since the epoch of `date` `hh:mm` in the agency's zone, as the feeds carry it. */
export const agencySeconds = (date: string, hhmm: string) => wallTime(date, hhmm).getTime() / 1000;
