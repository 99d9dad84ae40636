import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './duplicated-trip-in-schedule.ts';
import { context, makeTripUpdate, withSentences } from './test-support.ts';

const duplicate = (tripId: string) =>
  makeTripUpdate(
    [],
    { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.DUPLICATED },
    {
      tripProperties: { tripId, startDate: '20231115', startTime: '09:00:00' },
    },
  );

describe('duplicated_trip_in_schedule', () => {
  it('refuses an extra train whose new trip id is a scheduled trip', () => {
    expect(withSentences(check(duplicate('WD-2300'), context()))).toEqual([
      {
        code: 'duplicated_trip_in_schedule',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip_properties.trip_id',
        value: 'WD-2300',
        message: 'Trip WD-2300 is already in the schedule; give the extra train a trip id of its own.',
      },
    ]);
  });

  it('accepts a new trip id, and trip properties of a trip that is not DUPLICATED are not its concern', () => {
    expect(check(duplicate('WD-2300-X1'), context())).toEqual([]);
    const scheduled = makeTripUpdate([], { tripId: 'WD-2300' }, { tripProperties: { tripId: 'WD-2300' } });
    expect(check(scheduled, context())).toEqual([]);
    expect(check(duplicate('WD-2300'), context(null))).toEqual([]);
  });
});
