import { DateTime } from 'luxon';

/** Zone changes and so local midnights fall on quarter hours. */
const QUARTER_HOUR = 900_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Map<number, string>>();

/**
 * The local date `YYYY-MM-DD` of an instant in `timezone`, cached per quarter hour as the offsets
 * below (a local midnight falls on one): Intl's format per record held the event loop ~80 ms
 * for each count of a 100 000-entity summary.
 */
export function localDay(ms: number, timezone: string): string {
  let ofZone = days.get(timezone);
  if (!ofZone) {
    ofZone = new Map();
    days.set(timezone, ofZone);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let day = ofZone.get(quarter);
  if (day === undefined) {
    day = dayFormat(timezone).format(ms);
    if (ofZone.size > 200_000) ofZone.clear();
    ofZone.set(quarter, day);
  }
  return day;
}

function dayFormat(timezone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timezone, format);
  }
  return format;
}

/** `YYYYMMDD` (GTFS) → `YYYY-MM-DD`. */
export function isoDay(serviceDate: string): string {
  return `${serviceDate.slice(0, 4)}-${serviceDate.slice(4, 6)}-${serviceDate.slice(6, 8)}`;
}

export function nextDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * An instant as the Date exceljs writes for the agency's wall-clock time: Excel dates carry no
 * zone, and exceljs turns a Date into a serial by its UTC fields.
 */
export function excelDateTime(ms: number, timezone: string): Date {
  return new Date(ms + offsetMs(ms, timezone));
}

const offsets = new Map<string, number>();

/**
 * The zone's UTC offset at an instant, cached per quarter hour (zone changes fall on quarter
 * hours): luxon per cell would cost seconds on a 100 000-row log.
 */
function offsetMs(ms: number, timezone: string): number {
  const key = `${timezone}@${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = DateTime.fromMillis(ms, { zone: timezone }).offset * 60_000;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** A local date `YYYY-MM-DD` as an Excel date. */
export function excelDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
