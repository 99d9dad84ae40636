import { describe, expect, it } from 'vitest';
import { check } from './cancelled-trip-with-stop-times.ts';
import { makeContext, makeTripUpdate } from './test-support.ts';

describe('cancelled_trip_with_stop_times', () => {
  it('finds a cancelled or deleted trip that still gives stop time updates', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-103', 'STH-103', { cancelled: true, stopTimeUpdates: 2, skippedStopIds: ['WDS'] }),
        makeTripUpdate('tu-105', 'STH-105', { deleted: true, stopTimeUpdates: 1 }),
      ],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'cancelled_trip_with_stop_times',
        severity: 'error',
        entityIds: ['tu-103'],
        message:
          'Trip STH-103 of 20250923 is cancelled but still gives 2 stop time updates; save it again without them.',
      },
      {
        code: 'cancelled_trip_with_stop_times',
        severity: 'error',
        entityIds: ['tu-105'],
        message:
          'Trip STH-105 of 20250923 is deleted but still gives 1 stop time update; save it again without them.',
      },
    ]);
  });

  it('leaves running trips with stop time updates and cancelled trips without them alone', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101', { stopTimeUpdates: 3 }),
        makeTripUpdate('tu-103', 'STH-103', { cancelled: true }),
      ],
    });
    expect(check(ctx)).toEqual([]);
  });
});
