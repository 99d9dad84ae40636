import { describe, expect, it } from 'vitest';
import { check, checkHeader } from './not-posix-time.ts';
import {
  context,
  makeAlert,
  makeStopTimeUpdate,
  makeTripUpdate,
  NOW,
  withSentences,
} from './test-support.ts';

describe('E001 not POSIX time', () => {
  it('refuses a stop time in milliseconds', () => {
    const entity = makeTripUpdate([makeStopTimeUpdate(2, { stopId: 'WDS', arrival: { time: NOW * 1000 } })]);
    expect(withSentences(check(entity))).toEqual([
      {
        code: 'E001',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].arrival.time',
        value: NOW * 1000,
        message: `trip_update.stop_time_update[0].arrival.time ${NOW * 1000} is not a time in POSIX seconds. It looks like milliseconds: divide by 1000.`,
        stopSequence: 2,
        stopId: 'WDS',
      },
    ]);
  });

  it('refuses a header timestamp and an alert start before 2005', () => {
    expect(checkHeader({ gtfsRealtimeVersion: '2.0', timestamp: 1000 }).map((n) => n.field)).toEqual([
      'header.timestamp',
    ]);
    expect(check(makeAlert({ activePeriod: [{ start: 1000, end: NOW }] })).map((n) => n.field)).toEqual([
      'alert.active_period[0].start',
    ]);
  });

  it('accepts seconds, and an alert that runs until the year 3000', () => {
    const entity = makeTripUpdate([makeStopTimeUpdate(1, { arrival: { time: NOW } })], undefined, {
      timestamp: NOW,
    });
    expect(check(entity)).toEqual([]);
    expect(check(makeAlert({ activePeriod: [{ start: NOW, end: 32_503_694_400 }] }))).toEqual([]);
    expect(context().schedule).not.toBeNull();
  });
});
