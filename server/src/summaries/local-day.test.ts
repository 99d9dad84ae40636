import { describe, expect, it } from 'vitest';
import { localDay } from './local-time.ts';

const intlDay = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );

describe('localDay', () => {
  it.each([
    ['Asia/Kathmandu', '2026-11-27T12:00:00Z'], // +5:45: midnight at 18:15 UTC
    ['America/New_York', '2026-11-01T00:00:00Z'], // clocks back at 06:00 UTC
    ['Australia/Lord_Howe', '2026-10-03T12:00:00Z'], // +10:30 → +11 (a half-hour change)
    ['Pacific/Chatham', '2026-09-26T12:00:00Z'], // +12:45 → +13:45
    ['Africa/Johannesburg', '2026-11-27T20:00:00Z'],
  ])('is the local date of every minute over two days in %s, cached per quarter hour', (zone, from) => {
    const start = Date.parse(from);
    for (let ms = start; ms < start + 2 * 86_400_000; ms += 60_000 + 7)
      expect(localDay(ms, zone), new Date(ms).toISOString()).toBe(intlDay(ms, zone));
  });
});
