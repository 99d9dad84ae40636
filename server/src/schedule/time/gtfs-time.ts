import { type ServiceDate, serviceDayStart } from './service-day.ts';

/** GTFS `H:MM:SS` / `HH:MM:SS` (hours may pass 24) → seconds; null when empty or malformed. */
export function parseGtfsTime(text: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Seconds → GTFS `HH:MM:SS` (e.g. 88 500 → `24:35:00`). */
export function formatGtfsTime(secs: number): string {
  const hours = Math.floor(secs / 3600);
  const minutes = Math.floor((secs % 3600) / 60);
  const seconds = secs % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/**
 * GTFS seconds of service day `date` → the local wall-clock `HH:MM` they fall on (24:35 of a
 * Tuesday's service → `00:35`, on Wednesday; right across a DST change too).
 */
export function formatLocalTime(secs: number, date: ServiceDate, tz: string): string {
  return serviceDayStart(date, tz).plus({ seconds: secs }).toFormat('HH:mm');
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
