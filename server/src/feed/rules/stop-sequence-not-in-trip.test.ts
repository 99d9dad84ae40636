import { describe, expect, it } from 'vitest';
import { check } from './stop-sequence-not-in-trip.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('E051 stop_sequence not in the trip', () => {
  it('refuses a stop sequence the trip does not have', () => {
    expect(
      withSentences(check(makeTripUpdate([makeStopTimeUpdate(2), makeStopTimeUpdate(7)]), context())),
    ).toEqual([
      {
        code: 'E051',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[1].stop_sequence',
        value: 7,
        message: "Trip WD-2300 has no stop_sequence 7; use the trip's stop sequences.",
        tripId: 'WD-2300',
        stopSequence: 7,
      },
    ]);
  });

  it('accepts the trip sequences and skips unknown trips', () => {
    expect(check(makeTripUpdate([makeStopTimeUpdate(1), makeStopTimeUpdate(3)]), context())).toEqual([]);
    expect(check(makeTripUpdate([makeStopTimeUpdate(7)], { tripId: 'X' }), context())).toEqual([]);
  });
});
