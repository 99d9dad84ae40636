import { describe, expect, it } from 'vitest';
import { context, makeVehiclePosition, withSentences } from './test-support.ts';
import { check } from './vehicle-stop-sequence-not-in-trip.ts';

describe('vehicle_stop_sequence_not_in_trip', () => {
  it('refuses a current_stop_sequence the trip does not have', () => {
    expect(withSentences(check(makeVehiclePosition({ currentStopSequence: 0 }), context()))).toEqual([
      {
        code: 'vehicle_stop_sequence_not_in_trip',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.current_stop_sequence',
        value: 0,
        tripId: 'WD-2300',
        message: "Trip WD-2300 has no stop_sequence 0; give current_stop_sequence from the trip's stops.",
      },
    ]);
  });

  it("accepts the trip's sequences, no sequence, and an unknown trip", () => {
    expect(check(makeVehiclePosition({ currentStopSequence: 3 }), context())).toEqual([]);
    expect(check(makeVehiclePosition({ currentStopSequence: undefined }), context())).toEqual([]);
    expect(check(makeVehiclePosition({ trip: { tripId: 'X' }, currentStopSequence: 9 }), context())).toEqual(
      [],
    );
  });
});
