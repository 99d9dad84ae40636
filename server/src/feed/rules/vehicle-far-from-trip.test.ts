import { describe, expect, it } from 'vitest';
import { context, makeVehiclePosition, withSentences } from './test-support.ts';
import { check } from './vehicle-far-from-trip.ts';

describe('vehicle_far_from_trip', () => {
  it('warns of a train 2 km off the line between its stops', () => {
    // About 2 km north of the middle of the CPT–WDS line.
    const entity = makeVehiclePosition({ position: { latitude: -33.905, longitude: 18.43551 } });
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'vehicle_far_from_trip',
        severity: 'warning',
        entityId: 'vp-1',
        field: 'vehicle.position',
        tripId: 'WD-2300',
        metres: 2060,
        message: 'The train is 2060 m from the line of trip WD-2300; check the position or the trip.',
      },
    ]);
  });

  it('accepts a train on the line, at a station, and skips what it cannot judge', () => {
    expect(check(makeVehiclePosition(), context())).toEqual([]);
    expect(
      check(makeVehiclePosition({ position: { latitude: -34.1084, longitude: 18.4701 } }), context()),
    ).toEqual([]);
    expect(check(makeVehiclePosition({ position: { latitude: 95, longitude: 18 } }), context())).toEqual([]);
    expect(check(makeVehiclePosition({ trip: { tripId: 'X' } }), context())).toEqual([]);
    expect(check(makeVehiclePosition(), context(null))).toEqual([]);
  });
});
