import { describe, expect, it } from 'vitest';
import { check } from './carriage-sequence-missing.ts';
import { makeVehiclePosition, withSentences } from './test-support.ts';

describe('carriage_sequence_missing', () => {
  it('refuses a carriage without carriage_sequence', () => {
    expect(withSentences(check(makeVehiclePosition({ multiCarriageDetails: [{ label: 'M1' }] })))).toEqual([
      {
        code: 'carriage_sequence_missing',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.multi_carriage_details[0].carriage_sequence',
        message: 'This carriage has no carriage_sequence; number the carriages 1, 2, 3… from the front.',
      },
    ]);
  });

  it('accepts numbered carriages and no carriage details', () => {
    expect(check(makeVehiclePosition({ multiCarriageDetails: [{ carriageSequence: 1 }] }))).toEqual([]);
    expect(check(makeVehiclePosition())).toEqual([]);
  });
});
