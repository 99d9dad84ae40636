import { describe, expect, it } from 'vitest';
import { makeContext, makeTripUpdate } from './test-support.ts';
import { check } from './trip-not-in-schedule.ts';

describe('trip_not_in_schedule', () => {
  it('finds a trip update whose trip the schedule lacks', () => {
    const ctx = makeContext({
      tripUpdates: [makeTripUpdate('tu-1', 'STH-101'), makeTripUpdate('tu-2', 'STH-999')],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'trip_not_in_schedule',
        severity: 'error',
        entityIds: ['tu-2'],
        message:
          'Trip update tu-2 is for trip STH-999, which the current schedule does not have; delete it or save it for a scheduled trip.',
      },
    ]);
  });

  it('leaves added trips alone, and finds nothing without a schedule', () => {
    expect(check(makeContext({ tripUpdates: [makeTripUpdate('tu-1', 'X-1', { extra: true })] }))).toEqual([]);
    expect(check(makeContext({ tripUpdates: [makeTripUpdate('tu-1', 'X-1')], schedule: null }))).toEqual([]);
  });
});
