import { describe, expect, it } from 'vitest';
import { check } from './carriage-sequence-gap.ts';
import { makeVehiclePosition, withSentences } from './test-support.ts';

const carriages = (...sequences: number[]) =>
  makeVehiclePosition({ multiCarriageDetails: sequences.map((carriageSequence) => ({ carriageSequence })) });

describe('carriage_sequence_gap', () => {
  it('refuses a train that does not start at carriage 1', () => {
    expect(withSentences(check(carriages(0, 1)))).toEqual([
      {
        code: 'carriage_sequence_gap',
        severity: 'error',
        entityId: 'vp-1',
        field: 'vehicle.multi_carriage_details[0].carriage_sequence',
        value: 0,
        carriages: 2,
        message: 'carriage_sequence 0 leaves a gap in a train of 2 carriages; number them 1 to 2.',
      },
    ]);
    expect(check(carriages(2, 3)).map((n) => n.value)).toEqual([3]);
  });

  it('accepts 1 to n in any order', () => {
    expect(check(carriages(2, 3, 1))).toEqual([]);
  });
});
