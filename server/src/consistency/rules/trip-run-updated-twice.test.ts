import { describe, expect, it } from 'vitest';
import { makeContext, makeTripUpdate } from './test-support.ts';
import { check } from './trip-run-updated-twice.ts';

describe('trip_run_updated_twice', () => {
  it('finds one run of a train with two trip updates', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101', { skippedStopIds: ['WDS'] }),
        makeTripUpdate('cad-STH-101', 'STH-101', { stopTimeUpdates: 2 }),
        makeTripUpdate('tu-103', 'STH-103'),
      ],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'trip_run_updated_twice',
        severity: 'error',
        entityIds: ['tu-101', 'cad-STH-101'],
        message:
          'Train STH-101 (20250923) has 2 trip updates (tu-101, cad-STH-101); a journey planner reads only one. Change the train under one id and delete the other.',
      },
    ]);
  });

  it('leaves runs of other dates and extra trains alone', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101'),
        makeTripUpdate('tu-101-tomorrow', 'STH-101', { startDate: '20250924' }),
        makeTripUpdate('extra-101', 'STH-101', { extra: true }),
      ],
    });
    expect(check(ctx)).toEqual([]);
  });
});
