import { describe, expect, it } from 'vitest';
import { check } from './stop-time-update-without-stop.ts';
import { makeStopTimeUpdate, makeTripUpdate, NOW, withSentences } from './test-support.ts';

describe('E040 stop time update without stop', () => {
  it('refuses a stop time update with neither stop_id nor stop_sequence', () => {
    expect(
      withSentences(check(makeTripUpdate([makeStopTimeUpdate(null, { arrival: { time: NOW } })]))),
    ).toEqual([
      {
        code: 'E040',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0]',
        message: 'This stop time update has neither stop_sequence nor stop_id; give the stop.',
      },
    ]);
  });

  it('accepts stop_sequence 0 or a stop_id alone', () => {
    expect(
      check(makeTripUpdate([makeStopTimeUpdate(0), makeStopTimeUpdate(null, { stopId: 'CPT' })])),
    ).toEqual([]);
  });
});
