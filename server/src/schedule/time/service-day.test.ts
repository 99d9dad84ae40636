import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  isServiceDate,
  localTimeToServiceSecs,
  secondsIntoServiceDay,
  serviceDateOf,
  serviceDayStart,
  serviceDayStartSecs,
} from './service-day.ts';

describe('service day', () => {
  it('starts at local midnight in a zone without DST', () => {
    expect(serviceDayStart('20250923', 'Africa/Johannesburg').toUTC().toISO()).toBe(
      '2025-09-22T22:00:00.000Z',
    );
  });

  it('starts at noon minus 12 h on DST days (Europe/Madrid)', () => {
    // spring forward (02:00 → 03:00 on 30 March): the day starts at 23:00 of the evening before
    expect(serviceDayStart('20250330', 'Europe/Madrid').toISO()).toBe('2025-03-29T23:00:00.000+01:00');
    // fall back (03:00 → 02:00 on 26 October): the day starts at 01:00
    expect(serviceDayStart('20251026', 'Europe/Madrid').toISO()).toBe('2025-10-26T01:00:00.000+02:00');
    expect(serviceDayStartSecs('20251026', 'Europe/Madrid')).toBe(Date.UTC(2025, 9, 25, 23) / 1000);
  });

  it('gives the local calendar date as the service date', () => {
    expect(serviceDateOf(new Date('2025-09-23T21:59:59Z'), 'Africa/Johannesburg')).toBe('20250923');
    expect(serviceDateOf(new Date('2025-09-23T22:00:00Z'), 'Africa/Johannesburg')).toBe('20250924');
    expect(serviceDateOf(new Date('2025-09-23T22:00:00Z'), 'UTC')).toBe('20250923');
    // Remembered per zone from one local midnight to the next, in either direction of time.
    expect(serviceDateOf(new Date('2025-09-23T21:59:59Z'), 'Africa/Johannesburg')).toBe('20250923');
    expect(serviceDateOf(new Date('2025-03-30T00:59:59Z'), 'Europe/Madrid')).toBe('20250330');
    expect(serviceDateOf(new Date('2025-03-30T22:00:00Z'), 'Europe/Madrid')).toBe('20250331');
    expect(serviceDateOf(new Date('2025-03-29T22:59:59Z'), 'Europe/Madrid')).toBe('20250329');
  });

  it('adds days across months and years', () => {
    expect(addDays('20251231', 1)).toBe('20260101');
    expect(addDays('20250301', -1)).toBe('20250228');
    expect(addDays('20240228', 1)).toBe('20240229');
    expect(addDays('00991231', 1)).toBe('01000101');
    expect(addDays('20250115', 40)).toBe('20250224');
  });

  it('counts seconds into a service day, past 24:00 for the day before', () => {
    const now = new Date('2025-09-23T22:35:00Z'); // 00:35 on the 24th in Johannesburg
    expect(secondsIntoServiceDay(now, '20250924', 'Africa/Johannesburg')).toBe(35 * 60);
    expect(secondsIntoServiceDay(now, '20250923', 'Africa/Johannesburg')).toBe(24 * 3600 + 35 * 60);
  });

  it('turns a local time into GTFS seconds, right across DST', () => {
    expect(localTimeToServiceSecs('08:30:15', '20250923', 'Africa/Johannesburg')).toBe(
      8 * 3600 + 30 * 60 + 15,
    );
    expect(localTimeToServiceSecs('08:00', '20250330', 'Europe/Madrid')).toBe(8 * 3600);
    // 01:30 local on the fall-back day is only 30 min after the day's start (01:00 CEST)
    expect(localTimeToServiceSecs('01:30:00', '20251026', 'Europe/Madrid')).toBe(30 * 60);
    expect(localTimeToServiceSecs('24:00:00', '20250923', 'Africa/Johannesburg')).toBeUndefined();
    expect(localTimeToServiceSecs('8h30', '20250923', 'Africa/Johannesburg')).toBeUndefined();
  });

  it('knows a real calendar date, leap days included, as luxon does', () => {
    expect(isServiceDate('20240229')).toBe(true);
    expect(isServiceDate('20230229')).toBe(false);
    expect(isServiceDate('21000229')).toBe(false);
    expect(isServiceDate('20000229')).toBe(true);
    expect(isServiceDate('20261131')).toBe(false);
    expect(isServiceDate('20261300')).toBe(false);
    expect(isServiceDate('2026-11-27')).toBe(false);
    expect(isServiceDate('202611270')).toBe(false);
    for (const year of [1900, 1999, 2000, 2024, 2026, 2100])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
          expect(isServiceDate(text), text).toBe(DateTime.fromObject({ year, month, day }).isValid);
        }
  });
});
