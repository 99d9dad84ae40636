import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './invalid-start-time.ts';
import { context, makeAlert, makeTripUpdate, withSentences } from './test-support.ts';

const DUPLICATED = TripScheduleRelationship.DUPLICATED;

describe('E020 start_time not HH:MM:SS', () => {
  it('refuses a start time in another format, on the trip and on a duplicated trip', () => {
    const entity = makeTripUpdate(
      [],
      { tripId: 'WD-2300', startTime: '8:00', scheduleRelationship: DUPLICATED },
      { tripProperties: { tripId: 'X', startDate: '20231115', startTime: '9h30' } },
    );
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'E020',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.start_time',
        value: '8:00',
        message:
          'Start time "8:00" is not a time; write it as HH:MM:SS, e.g. 09:30:00 (past midnight: 24:30:00).',
      },
      expect.objectContaining({ field: 'trip_update.trip_properties.start_time', value: '9h30' }),
    ]);
    expect(
      check(
        makeAlert({ informedEntity: [{ trip: { tripId: 'WD-2300', startTime: '25:61:00' } }] }),
        context(),
      ),
    ).toHaveLength(1);
  });

  it('accepts HH:MM:SS, past midnight too, and no start time', () => {
    const entity = makeTripUpdate(
      [],
      { tripId: 'WD-2300', startTime: '24:35:00' },
      {
        tripProperties: { startTime: '9:05:00' },
      },
    );
    expect(check(entity, context())).toEqual([]);
    expect(check(makeTripUpdate([]), context())).toEqual([]);
  });
});
