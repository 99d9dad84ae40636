import { describe, expect, it } from 'vitest';
import { check } from './departure-before-arrival.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, NOW, withSentences } from './test-support.ts';

describe('E025 departure before arrival', () => {
  it('refuses a departure before the arrival at the same stop', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(2, { arrival: { time: NOW + 60 }, departure: { time: NOW } }),
    ]);
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'E025',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].departure.time',
        value: NOW,
        message: 'Departure is 60 s before arrival at this stop; depart at or after arrival.',
        arrivalTime: NOW + 60,
        stopSequence: 2,
      },
    ]);
  });

  it('accepts a departure at the arrival time', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(2, { arrival: { time: NOW }, departure: { time: NOW } }),
    ]);
    expect(check(entity, context())).toEqual([]);
  });
});
