import { describe, expect, it } from 'vitest';
import { check } from './invalid-bearing.ts';
import { BETWEEN_CPT_AND_WDS, makeVehiclePosition, withSentences } from './test-support.ts';

const bearing = (value: number) =>
  makeVehiclePosition({ position: { ...BETWEEN_CPT_AND_WDS, bearing: value } });

describe('E027 invalid vehicle bearing', () => {
  it('refuses a negative bearing', () => {
    expect(withSentences(check(bearing(-1)))).toEqual([
      {
        code: 'E027',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.position.bearing',
        value: -1,
        message: 'Bearing -1 is not a compass bearing; give degrees from 0 (north) to 360, clockwise.',
      },
    ]);
  });

  it('accepts 0 to 360 and no bearing', () => {
    expect([...check(bearing(0)), ...check(bearing(360))]).toEqual([]);
    expect(check(makeVehiclePosition())).toEqual([]);
  });
});
