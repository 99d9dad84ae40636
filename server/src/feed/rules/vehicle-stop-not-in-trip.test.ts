import { describe, expect, it } from 'vitest';
import { context, makeVehiclePosition, withSentences } from './test-support.ts';
import { check } from './vehicle-stop-not-in-trip.ts';

describe('vehicle_stop_not_in_trip', () => {
  it('refuses a stop the trip does not call at', () => {
    const schedule = context().schedule!;
    // A stop of the schedule that trip WD-2300 does not call at.
    const ctx = context({ ...schedule, hasStop: (id) => id === 'SRV' || schedule.hasStop(id) });
    expect(
      withSentences(check(makeVehiclePosition({ stopId: 'SRV', currentStopSequence: undefined }), ctx)),
    ).toEqual([
      {
        code: 'vehicle_stop_not_in_trip',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.stop_id',
        value: 'SRV',
        tripId: 'WD-2300',
        message: 'Trip WD-2300 does not call at stop SRV; give a stop of the trip.',
      },
    ]);
  });

  it('accepts the stop of the sequence, a stop of the trip without sequence, and leaves unknown stops to E011', () => {
    expect(check(makeVehiclePosition(), context())).toEqual([]);
    expect(check(makeVehiclePosition({ stopId: 'MBG', currentStopSequence: undefined }), context())).toEqual(
      [],
    );
    expect(check(makeVehiclePosition({ stopId: 'NOPE' }), context())).toEqual([]);
  });

  it('accepts another platform of the scheduled stop’s station (an assigned platform), by sequence or not', () => {
    expect(check(makeVehiclePosition({ stopId: 'CPT3', currentStopSequence: 1 }), context())).toEqual([]);
    expect(check(makeVehiclePosition({ stopId: 'CPT3', currentStopSequence: undefined }), context())).toEqual(
      [],
    );
    // A platform of another station at that sequence stays refused.
    expect(check(makeVehiclePosition({ stopId: 'CPT3', currentStopSequence: 2 }), context())).toMatchObject([
      { code: 'vehicle_stop_not_in_trip', value: 'CPT3', expectedStopId: 'WDS' },
    ]);
  });
});
