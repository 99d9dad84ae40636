import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './duplicated-trip-without-properties.ts';
import { context, makeTripUpdate, withSentences } from './test-support.ts';

const trip = { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.DUPLICATED };

describe('duplicated_trip_without_properties', () => {
  it('names each of trip_id, start_date and start_time a DUPLICATED trip lacks', () => {
    const entity = makeTripUpdate([], trip, { tripProperties: { tripId: 'WD-2300-X1' } });
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'duplicated_trip_without_properties',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip_properties.start_date',
        property: 'start_date',
        message:
          'An extra (DUPLICATED) train needs trip_properties.start_date; give its service date (YYYYMMDD).',
      },
      expect.objectContaining({ field: 'trip_update.trip_properties.start_time' }),
    ]);
    expect(check(makeTripUpdate([], trip), context()).map((n) => n.field)).toEqual([
      'trip_update.trip_properties.trip_id',
      'trip_update.trip_properties.start_date',
      'trip_update.trip_properties.start_time',
    ]);
  });

  it('accepts a DUPLICATED trip with all three, and any other trip without them', () => {
    const entity = makeTripUpdate([], trip, {
      tripProperties: { tripId: 'WD-2300-X1', startDate: '20231115', startTime: '09:00:00' },
    });
    expect(check(entity, context())).toEqual([]);
    expect(check(makeTripUpdate([]), context())).toEqual([]);
  });
});
