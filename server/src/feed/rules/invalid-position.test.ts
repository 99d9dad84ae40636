import { describe, expect, it } from 'vitest';
import { check } from './invalid-position.ts';
import { makeVehiclePosition, withSentences } from './test-support.ts';

describe('E026 invalid vehicle position', () => {
  it('refuses a longitude off the globe', () => {
    expect(
      withSentences(check(makeVehiclePosition({ position: { latitude: -33.9, longitude: -181 } }))),
    ).toEqual([
      {
        code: 'E026',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.position.longitude',
        value: -181,
        limit: 180,
        message:
          'vehicle.position.longitude -181 is not a WGS84 coordinate; it must lie between -180 and 180 degrees.',
      },
    ]);
  });

  it('refuses a coordinate that is not a number, and accepts the poles and the antimeridian', () => {
    expect(
      check(makeVehiclePosition({ position: { latitude: Number.NaN, longitude: 18 } })).map((n) => n.field),
    ).toEqual(['vehicle.position.latitude']);
    expect(check(makeVehiclePosition({ position: { latitude: -90, longitude: 180 } }))).toEqual([]);
    expect(check(makeVehiclePosition({ position: undefined }))).toEqual([]);
  });
});
