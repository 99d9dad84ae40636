import { describe, expect, it } from 'vitest';
import { check } from './stop-sequence-unsorted.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('E002 stop_time_updates not sorted', () => {
  it('refuses a stop sequence that goes backwards', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(2),
      makeStopTimeUpdate(3),
      makeStopTimeUpdate(1, { stopId: 'CPT' }),
    ]);
    expect(withSentences(check(entity))).toEqual([
      {
        code: 'E002',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[2].stop_sequence',
        value: 1,
        message: 'stop_sequence 1 comes after 3; list stop time updates in increasing stop_sequence order.',
        previousStopSequence: 3,
        stopSequence: 1,
        stopId: 'CPT',
      },
    ]);
  });

  it('accepts increasing sequences and leaves repeats to E036', () => {
    expect(
      check(makeTripUpdate([makeStopTimeUpdate(1), makeStopTimeUpdate(1), makeStopTimeUpdate(3)])),
    ).toEqual([]);
  });
});
