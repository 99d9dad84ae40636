import { describe, expect, it } from 'vitest';
import { check } from './stop-sequence-repeated.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('E036 repeated stop_sequence', () => {
  it('refuses a stop sequence given twice', () => {
    expect(withSentences(check(makeTripUpdate([makeStopTimeUpdate(1), makeStopTimeUpdate(1)])))).toEqual([
      {
        code: 'E036',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[1].stop_sequence',
        value: 1,
        message: 'stop_sequence 1 appears more than once; keep one stop time update per stop.',
        stopSequence: 1,
      },
    ]);
  });

  it('accepts distinct sequences', () => {
    expect(check(makeTripUpdate([makeStopTimeUpdate(0), makeStopTimeUpdate(1)]))).toEqual([]);
  });
});
