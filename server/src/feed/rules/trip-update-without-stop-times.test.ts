import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './trip-update-without-stop-times.ts';

describe('E041 trip update without stop time updates', () => {
  it('refuses a scheduled trip without stop time updates', () => {
    expect(withSentences(check(makeTripUpdate([])))).toEqual([
      {
        code: 'E041',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update',
        message: 'The trip update has no stop time updates; change at least one stop or cancel the trip.',
      },
    ]);
  });

  it('accepts a cancelled trip without stop time updates', () => {
    const trip = { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.CANCELED };
    expect(check(makeTripUpdate([], trip))).toEqual([]);
  });
});
