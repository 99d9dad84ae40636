import { describe, expect, it } from 'vitest';
import { check } from './stop-time-event-empty.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('E044 stop time event without delay or time', () => {
  it('refuses an empty departure', () => {
    expect(
      withSentences(check(makeTripUpdate([makeStopTimeUpdate(1, { arrival: { delay: 0 }, departure: {} })]))),
    ).toEqual([
      {
        code: 'E044',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].departure',
        message: 'This departure has neither time nor delay; give one.',
        event: 'departure',
        stopSequence: 1,
      },
    ]);
  });

  it('accepts a delay of zero', () => {
    expect(check(makeTripUpdate([makeStopTimeUpdate(1, { arrival: { delay: 0 } })]))).toEqual([]);
  });
});
