import { describe, expect, it } from 'vitest';
import { formatGtfsTime, formatLocalTime, parseGtfsTime } from './gtfs-time.ts';

describe('GTFS times', () => {
  it('parses times, also past 24:00 and with one-digit hours', () => {
    expect(parseGtfsTime('04:55:00')).toBe(4 * 3600 + 55 * 60);
    expect(parseGtfsTime('4:55:00')).toBe(4 * 3600 + 55 * 60);
    expect(parseGtfsTime('24:35:10')).toBe(24 * 3600 + 35 * 60 + 10);
    expect(parseGtfsTime('')).toBeNull();
    expect(parseGtfsTime('12:60:00')).toBeNull();
    expect(parseGtfsTime('noon')).toBeNull();
  });

  it('formats seconds as HH:MM:SS, past 24:00 too', () => {
    expect(formatGtfsTime(0)).toBe('00:00:00');
    expect(formatGtfsTime(88_500)).toBe('24:35:00');
    expect(formatGtfsTime(4 * 3600 + 55 * 60 + 9)).toBe('04:55:09');
  });

  it('gives the local wall-clock time a GTFS time falls on', () => {
    // 24:35 of Tuesday's service is 00:35 on Wednesday
    expect(formatLocalTime(88_500, '20250923', 'Africa/Johannesburg')).toBe('00:35');
    // on the spring-forward day in Madrid GTFS 01:00 is 00:00 local, GTFS 03:00 is 03:00
    expect(formatLocalTime(3600, '20250330', 'Europe/Madrid')).toBe('00:00');
    expect(formatLocalTime(3 * 3600, '20250330', 'Europe/Madrid')).toBe('03:00');
    // on the fall-back day GTFS 00:00 is 01:00 local, GTFS 08:00 is 08:00
    expect(formatLocalTime(0, '20251026', 'Europe/Madrid')).toBe('01:00');
    expect(formatLocalTime(8 * 3600, '20251026', 'Europe/Madrid')).toBe('08:00');
  });
});
