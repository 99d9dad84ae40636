import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { context, makeAlert, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './unknown-trip.ts';

describe('E003 trip_id not in the schedule', () => {
  it('refuses an unknown trip', () => {
    expect(withSentences(check(makeTripUpdate([], { tripId: 'WD-9999' }), context()))).toEqual([
      {
        code: 'E003',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.trip_id',
        value: 'WD-9999',
        message:
          'Trip WD-9999 is not in the schedule; pick a scheduled trip or load the schedule that has it.',
      },
    ]);
    expect(
      check(makeAlert({ informedEntity: [{ trip: { tripId: 'X' } }] }), context()).map((n) => n.field),
    ).toEqual(['alert.informed_entity[0].trip.trip_id']);
  });

  it('accepts scheduled and NEW trips, and checks nothing without a schedule', () => {
    expect(check(makeTripUpdate([]), context())).toEqual([]);
    const added = makeTripUpdate([], {
      tripId: 'EXTRA-1',
      scheduleRelationship: TripScheduleRelationship.NEW,
    });
    expect(check(added, context())).toEqual([]);
    expect(check(makeTripUpdate([], { tripId: 'WD-9999' }), context(null))).toEqual([]);
  });
});
