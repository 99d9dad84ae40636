import { describe, expect, it } from 'vitest';
import { check } from './empty-trip-update.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('empty_trip_update', () => {
  it('refuses a trip update without trip_id', () => {
    expect(
      withSentences(check(makeTripUpdate([makeStopTimeUpdate(1, { arrival: { delay: 60 } })], {}))),
    ).toEqual([
      {
        code: 'empty_trip_update',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.trip_id',
        message: "Your trip update can't be empty.",
      },
    ]);
  });

  it('accepts a trip update with a trip_id', () => {
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
