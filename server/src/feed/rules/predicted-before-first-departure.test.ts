import { describe, expect, it } from 'vitest';
import { check } from './predicted-before-first-departure.ts';
import {
  context,
  makeSchedule,
  makeStopTimeUpdate,
  makeTripUpdate,
  NOW,
  withSentences,
} from './test-support.ts';

/** The service day start making WD-2300 leave CPT (08:00) at 00:10 in Johannesburg (NOW is 00:13:20). */
const DAY = NOW - 200 - 28_800;

describe('predicted_before_first_departure', () => {
  it('refuses an early delay that brings a later stop before the first departure, naming stop and times', () => {
    // MBG is scheduled 20 min after CPT leaves (00:30); 25 min early predicts 00:05, before 00:10.
    const entity = makeTripUpdate([makeStopTimeUpdate(3, { stopId: 'MBG', arrival: { delay: -1500 } })]);
    expect(withSentences(check(entity, context(makeSchedule(DAY))))).toEqual([
      {
        code: 'predicted_before_first_departure',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].arrival.delay',
        value: NOW - 500,
        stopSequence: 3,
        stopId: 'MBG',
        predicted: '00:05',
        firstStopId: 'CPT',
        firstDeparture: '00:10',
        message:
          'Stop MBG is predicted at 00:05, before the train leaves its first stop CPT at 00:10; correct the delay or time so the stop comes after 00:10.',
      },
    ]);
  });

  it('checks absolute times too and finds the stop by stop_sequence alone', () => {
    const entity = makeTripUpdate([makeStopTimeUpdate(2, { departure: { time: NOW - 300 } })]);
    expect(check(entity, context(makeSchedule(DAY))).map((n) => [n.field, n.stopId])).toEqual([
      ['trip_update.stop_time_update[0].departure.time', 'WDS'],
    ]);
  });

  it('accepts a train running early but after its first departure, and leaves an update of the first stop to E022', () => {
    const early = makeTripUpdate([makeStopTimeUpdate(3, { arrival: { delay: -600 } })]);
    expect(check(early, context(makeSchedule(DAY)))).toEqual([]);
    const withFirst = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 0 } }),
      makeStopTimeUpdate(3, { arrival: { delay: -1500 } }),
    ]);
    expect(check(withFirst, context(makeSchedule(DAY)))).toEqual([]);
  });

  it('says nothing without the run placed in time', () => {
    const entity = makeTripUpdate([makeStopTimeUpdate(3, { arrival: { delay: -1500 } })]);
    expect(check(entity, context())).toEqual([]);
    expect(check(entity, context(null))).toEqual([]);
  });
});
