import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './new-trip-in-schedule.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

const newTrip = (tripId: string, relationship: number = TripScheduleRelationship.NEW) =>
  makeTripUpdate([makeStopTimeUpdate(1, { stopId: 'CPT', departure: { time: 1_700_000_000 } })], {
    tripId,
    routeId: 'STH',
    startDate: '20231114',
    scheduleRelationship: relationship,
  });

describe('E016 (NEW or ADDED trip in the schedule)', () => {
  it('refuses a NEW or ADDED trip whose trip id is a scheduled trip', () => {
    const notice = {
      code: 'E016',
      severity: 'error',
      entityId: 'tu-1',
      field: 'trip_update.trip.trip_id',
      value: 'WD-2300',
      message:
        "Trip WD-2300 is already in the schedule; give the new train a trip id of its own, or send a REPLACEMENT to change that trip's journey.",
    };
    expect(withSentences(check(newTrip('WD-2300'), context()))).toEqual([notice]);
    expect(withSentences(check(newTrip('WD-2300', TripScheduleRelationship.ADDED), context()))).toEqual([
      notice,
    ]);
  });

  it('accepts a trip id of its own; a scheduled or REPLACEMENT trip is not its concern', () => {
    expect(check(newTrip('BUS-1'), context())).toEqual([]);
    expect(check(newTrip('WD-2300', TripScheduleRelationship.REPLACEMENT), context())).toEqual([]);
    expect(check(newTrip('WD-2300', TripScheduleRelationship.SCHEDULED), context())).toEqual([]);
    expect(check(newTrip('WD-2300'), context(null))).toEqual([]);
  });
});
