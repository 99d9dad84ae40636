import { describe, expect, it } from 'vitest';
import { context, makeAlert, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './unknown-stop.ts';

describe('E011 stop_id not in the schedule', () => {
  it('refuses an unknown stop in a stop time update', () => {
    expect(
      withSentences(check(makeTripUpdate([makeStopTimeUpdate(2, { stopId: 'NOPE' })]), context())),
    ).toEqual([
      {
        code: 'E011',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].stop_id',
        value: 'NOPE',
        message: 'Stop NOPE is not in the schedule; use a stop_id from stops.txt.',
        stopSequence: 2,
        stopId: 'NOPE',
      },
    ]);
    expect(check(makeAlert({ informedEntity: [{ stopId: 'NOPE' }] }), context()).map((n) => n.field)).toEqual(
      ['alert.informed_entity[0].stop_id'],
    );
  });

  it('accepts known stops', () => {
    expect(check(makeTripUpdate([makeStopTimeUpdate(2, { stopId: 'WDS' })]), context())).toEqual([]);
  });
});
