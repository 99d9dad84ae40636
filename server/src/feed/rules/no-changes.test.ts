import { StopScheduleRelationship, TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './no-changes.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('no_changes', () => {
  it('refuses a trip update whose stops change nothing', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { scheduleRelationship: StopScheduleRelationship.NO_DATA }),
    ]);
    expect(withSentences(check(entity))).toEqual([
      {
        code: 'no_changes',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update',
        message: 'Nothing changed: cancel the trip, or skip a stop or give it a new time or delay.',
      },
    ]);
  });

  it('accepts a cancelled trip, a skipped stop, an on-time stop, and leaves empty lists to E041', () => {
    const cancelled = { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.CANCELED };
    expect(check(makeTripUpdate([makeStopTimeUpdate(1)], cancelled))).toEqual([]);
    expect(
      check(
        makeTripUpdate([makeStopTimeUpdate(1, { scheduleRelationship: StopScheduleRelationship.SKIPPED })]),
      ),
    ).toEqual([]);
    expect(check(makeTripUpdate([makeStopTimeUpdate(1, { arrival: { delay: 0 } })]))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });

  it('accepts a platform change alone: NO_DATA with an assigned_stop_id (a stop moved, no times)', () => {
    const moved = {
      ...makeStopTimeUpdate(1, { scheduleRelationship: StopScheduleRelationship.NO_DATA }),
      stopTimeProperties: { assignedStopId: 'BLV-4' },
    };
    expect(check(makeTripUpdate([moved]))).toEqual([]);
  });
});
