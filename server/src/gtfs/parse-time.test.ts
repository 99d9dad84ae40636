import { describe, expect, it } from 'vitest';
import {
  cellTimeToSeconds,
  formatGtfsTime,
  parseGtfsTime,
  parseTextTime,
  unwrapMidnight,
} from './parse-time.ts';

describe('GTFS times', () => {
  it('parses H:MM:SS, HH:MM:SS, past 24:00 and a leading space (Halifax)', () => {
    expect(parseGtfsTime('05:49:00')).toBe(5 * 3600 + 49 * 60);
    expect(parseGtfsTime('5:49:00')).toBe(5 * 3600 + 49 * 60);
    expect(parseGtfsTime(' 5:49:00')).toBe(5 * 3600 + 49 * 60);
    expect(parseGtfsTime('24:35:10')).toBe(24 * 3600 + 35 * 60 + 10);
  });
  it('rejects malformed times such as the real 08:59:', () => {
    for (const bad of ['08:59:', '8:60:00', '', 'ab:cd:ef', '08:59'])
      expect(parseGtfsTime(bad)).toBeUndefined();
  });
  it('formats seconds as HH:MM:SS past midnight', () => {
    expect(formatGtfsTime(5 * 3600 + 30)).toBe('05:00:30');
    expect(formatGtfsTime(24 * 3600 + 35 * 60)).toBe('24:35:00');
  });
});

describe('workbook cell times', () => {
  it('reads exceljs UTC Dates on 1899-12-30 and day fractions, rounding float noise', () => {
    expect(cellTimeToSeconds(new Date('1899-12-30T05:30:00Z'))).toBe(5.5 * 3600);
    expect(cellTimeToSeconds(new Date(Date.UTC(1899, 11, 30, 5, 22, 29, 999)))).toBe(5 * 3600 + 22 * 60 + 30);
    expect(cellTimeToSeconds(new Date('1899-12-31T00:35:00Z'))).toBe(24 * 3600 + 35 * 60);
    expect(cellTimeToSeconds(0.25)).toBe(6 * 3600);
  });
  it('reads typed text H:MM, HH:MM, HH:MM:SS and refuses the rest', () => {
    expect(parseTextTime('5:20')).toBe(5 * 3600 + 20 * 60);
    expect(parseTextTime('05:20')).toBe(5 * 3600 + 20 * 60);
    expect(parseTextTime('05:20:30')).toBe(5 * 3600 + 20 * 60 + 30);
    expect(cellTimeToSeconds('08:59:')).toBeUndefined();
    expect(cellTimeToSeconds(530)).toBeUndefined();
    expect(cellTimeToSeconds(true)).toBeUndefined();
    expect(cellTimeToSeconds(new Date('2026-03-01T00:00:00Z'))).toBeUndefined();
  });
  it('continues past 24:00 when a time drops by more than 12 h, not for a small step back', () => {
    expect(unwrapMidnight(23 * 3600 + 40 * 60, 35 * 60)).toBe(24 * 3600 + 35 * 60);
    expect(unwrapMidnight(8 * 3600, 7 * 3600)).toBe(7 * 3600);
    expect(unwrapMidnight(undefined, 35 * 60)).toBe(35 * 60);
  });
});
