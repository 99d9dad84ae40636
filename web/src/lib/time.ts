/**
 * Times shown and entered in the agency's time zone (schedule.info.timezone), whatever the
 * browser's zone. Intl.DateTimeFormat does the zone arithmetic; formatters are cached per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
};

export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday ?? '',
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a moment in the zone. */
export function zonedDate(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * The agency's tomorrow: the calendar day after `now`'s date in the zone. Not now + 24 h, which
 * lands on today or the day after tomorrow where the clocks change that night.
 */
export function zonedTomorrow(now: Date, timeZone: string): string {
  const p = zonedParts(now, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day + 1)).toISOString().slice(0, 10);
}

/** 'HH:MM' of a moment in the zone. */
export function zonedTime(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'YYYY-MM-DD HH:MM' of a moment in the zone. */
export function formatDateTime(value: Date | string | number, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${zonedDate(date, timeZone)} ${zonedTime(date, timeZone)}`;
}

/** Formats POSIX seconds (protobuf-JSON uint64 may arrive as a string). */
export function formatPosix(seconds: number | string | null | undefined, timeZone: string): string {
  if (seconds === null || seconds === undefined || seconds === '' || Number(seconds) === 0) return '';
  return formatDateTime(Number(seconds) * 1000, timeZone);
}

/** POSIX seconds of a wall-clock date ('YYYY-MM-DD') and optional time ('HH:MM') in the zone. */
export function zonedToPosix(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = (time || '00:00').split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, h ?? 0, min ?? 0);
  let guess = wall;
  // Two rounds settle the offset, also next to a DST change.
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wall - seen;
  }
  return Math.round(guess / 1000);
}

/** Seconds of a GTFS time 'HH:MM:SS' (may pass 24:00). */
export function gtfsSeconds(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** 'HH:MM' of seconds after midnight (past 24:00 kept, as GTFS does). */
export function hhmm(seconds: number): string {
  const total = Math.round(seconds / 60);
  return `${pad(Math.floor(total / 60))}:${pad(((total % 60) + 60) % 60)}`;
}

/** Seconds since midnight now, in the zone. */
export function nowSecondsOfDay(timeZone: string, now = new Date()): number {
  const p = zonedParts(now, timeZone);
  return p.hour * 3600 + p.minute * 60 + p.second;
}

/**
 * Seconds since the start of a service day (`YYYYMMDD`) now: GTFS times count from noon minus
 * 12 h of the service date in the agency's zone. Negative before the day, past 24 h after it.
 */
export function secondsIntoServiceDay(serviceDate: string, timeZone: string, now = new Date()): number {
  const noon = zonedToPosix(
    `${serviceDate.slice(0, 4)}-${serviceDate.slice(4, 6)}-${serviceDate.slice(6, 8)}`,
    '12:00',
    timeZone,
  );
  return Math.floor(now.getTime() / 1000) - (noon - 12 * 3600);
}

/** 'HH:MM:SS' of a moment in the zone (the feed list's "Updated" time). */
export function formatClock(value: Date | number, timeZone: string): string {
  const p = zonedParts(value instanceof Date ? value : new Date(value), timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}
