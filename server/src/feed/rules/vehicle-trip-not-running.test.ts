import { describe, expect, it } from 'vitest';
import { context, makeVehiclePosition, withSentences } from './test-support.ts';
import { check } from './vehicle-trip-not-running.ts';

const on = (startDate: string, extra = {}) =>
  makeVehiclePosition({ trip: { tripId: 'WD-2300', startDate, ...extra } });

describe('vehicle_trip_not_running', () => {
  it('refuses a Sunday for a weekday trip', () => {
    expect(withSentences(check(on('20231119'), context()))).toEqual([
      {
        code: 'vehicle_trip_not_running',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.trip.start_date',
        value: '20231119',
        tripId: 'WD-2300',
        message: 'Trip WD-2300 does not run on 20231119; give the trip the train runs today.',
      },
    ]);
  });

  it('accepts a running date, a malformed date, an added trip, no schedule', () => {
    expect(check(on('20231114'), context())).toEqual([]);
    expect(check(on('2023-11-19'), context())).toEqual([]);
    expect(check(on('20231119', { scheduleRelationship: 1 }), context())).toEqual([]);
    expect(check(on('20231119'), context(null))).toEqual([]);
  });
});
