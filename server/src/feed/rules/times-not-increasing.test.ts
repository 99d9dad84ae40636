import { describe, expect, it } from 'vitest';
import {
  context,
  makeSchedule,
  makeStopTimeUpdate,
  makeTripUpdate,
  NOW,
  withSentences,
} from './test-support.ts';
import { check } from './times-not-increasing.ts';

describe('E022 predicted times not increasing', () => {
  it('refuses a stop predicted before the previous one', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { time: NOW + 600 } }),
      makeStopTimeUpdate(2, { arrival: { time: NOW + 300 } }),
    ]);
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'E022',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[1].arrival.time',
        value: NOW + 300,
        message: 'This stop is predicted 300 s before the previous stop; times must increase along the trip.',
        previousTime: NOW + 600,
        stopSequence: 2,
      },
    ]);
  });

  it('uses scheduled time plus delay when the service day start is known', () => {
    // CPT departs 08:00 + 15 min = 08:15; WDS arrives 08:10 + 0 = 08:10.
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 900 } }),
      makeStopTimeUpdate(2, { arrival: { delay: 0 } }),
    ]);
    expect(check(entity, context(makeSchedule(NOW))).map((n) => [n.field, n.value])).toEqual([
      ['trip_update.stop_time_update[1].arrival.delay', NOW + 29_400],
    ]);
    expect(check(entity, context())).toEqual([]);
  });

  it('accepts equal and increasing times', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { time: NOW } }),
      makeStopTimeUpdate(2, { arrival: { time: NOW }, departure: { time: NOW + 60 } }),
    ]);
    expect(check(entity, context())).toEqual([]);
  });
});
