import { describe, expect, it } from 'vitest';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './too-many-stop-time-updates.ts';

const withStops = (count: number) =>
  makeTripUpdate(
    Array.from({ length: count }, (_, i) => makeStopTimeUpdate(i + 1, { arrival: { delay: 0 } })),
  );

describe('too_many_stop_time_updates', () => {
  it('refuses a trip update of 1001 stop time updates', () => {
    expect(withSentences(check(withStops(1001), context()))).toEqual([
      {
        code: 'too_many_stop_time_updates',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update',
        value: 1001,
        message: 'The trip update has 1001 stop time updates; a trip has at most 1000 stops.',
      },
    ]);
  });

  it('accepts 1000', () => {
    expect(check(withStops(1000), context())).toEqual([]);
  });
});
