import { describe, expect, it } from 'vitest';
import { check } from './carriage-sequence-repeated.ts';
import { makeVehiclePosition, withSentences } from './test-support.ts';

const carriages = (...sequences: number[]) =>
  makeVehiclePosition({ multiCarriageDetails: sequences.map((carriageSequence) => ({ carriageSequence })) });

describe('carriage_sequence_repeated', () => {
  it('refuses the later carriage of a repeated sequence', () => {
    expect(withSentences(check(carriages(1, 2, 2)))).toEqual([
      {
        code: 'carriage_sequence_repeated',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.multi_carriage_details[2].carriage_sequence',
        value: 2,
        message: 'carriage_sequence 2 is given to more than one carriage; give each carriage its own place.',
      },
    ]);
  });

  it('accepts distinct sequences in any order', () => {
    expect(check(carriages(3, 1, 2))).toEqual([]);
  });
});
