import { describe, expect, it } from 'vitest';
import { currentRunDate } from './current-run.ts';
import { TripState, tripState } from './trip-state.ts';

describe('tripState', () => {
  const trip = { startSecs: 6 * 3600, endSecs: 7 * 3600 };

  it('is yet to start up to its start (included, docs/spec.md §4), in progress up to its end (included), then finished', () => {
    expect(tripState({ ...trip, nowSecs: 6 * 3600 - 1 })).toBe(TripState.yetToStart);
    expect(tripState({ ...trip, nowSecs: 6 * 3600 })).toBe(TripState.yetToStart);
    expect(tripState({ ...trip, nowSecs: 6 * 3600 + 1 })).toBe(TripState.inProgress);
    expect(tripState({ ...trip, nowSecs: 7 * 3600 })).toBe(TripState.inProgress);
    expect(tripState({ ...trip, nowSecs: 7 * 3600 + 1 })).toBe(TripState.finished);
  });

  it('shifts both ends by the delay', () => {
    expect(tripState({ ...trip, delaySecs: 600, nowSecs: 7 * 3600 + 300 })).toBe(TripState.inProgress);
    expect(tripState({ ...trip, delaySecs: 600, nowSecs: 6 * 3600 + 300 })).toBe(TripState.yetToStart);
  });
});

describe('currentRunDate', () => {
  const tz = 'Africa/Johannesburg';
  const runsTuesdayAndWednesday = (date: string) => date === '20250923' || date === '20250924';

  it("is yesterday's service day while a run past 24:00 is under way", () => {
    const now = new Date('2025-09-23T22:20:00Z'); // 00:20 Wednesday
    expect(currentRunDate({ now, tz, endSecs: 88_500, runsOn: runsTuesdayAndWednesday })).toBe('20250923');
  });

  it("is today's once yesterday's run has ended, or when yesterday's service did not run", () => {
    const now = new Date('2025-09-23T22:40:00Z'); // 00:40 Wednesday
    expect(currentRunDate({ now, tz, endSecs: 88_500, runsOn: runsTuesdayAndWednesday })).toBe('20250924');
    const early = new Date('2025-09-23T22:20:00Z');
    expect(currentRunDate({ now: early, tz, endSecs: 88_500, runsOn: (d) => d === '20250924' })).toBe(
      '20250924',
    );
  });
});
