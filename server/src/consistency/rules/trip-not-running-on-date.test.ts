import { describe, expect, it } from 'vitest';
import { makeContext, makeTripUpdate } from './test-support.ts';
import { check } from './trip-not-running-on-date.ts';

describe('trip_not_running_on_date', () => {
  it('finds a weekday trip updated for a Saturday, not for a Tuesday or Friday', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-1', 'STH-101'),
        makeTripUpdate('tu-2', 'STH-101', { startDate: '20250926' }),
        makeTripUpdate('tu-3', 'STH-101', { startDate: '20250927' }),
        makeTripUpdate('tu-4', 'STH-999', { startDate: '20250927' }),
      ],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'trip_not_running_on_date',
        severity: 'error',
        entityIds: ['tu-3'],
        message:
          'Trip STH-101 does not run on 20250927 (service WD); save the update for a date it runs, or delete it.',
      },
    ]);
  });
});
