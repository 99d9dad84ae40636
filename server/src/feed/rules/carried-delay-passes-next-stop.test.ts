import { describe, expect, it } from 'vitest';
import { check } from './carried-delay-passes-next-stop.ts';
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
const SKIPPED = 1;
const NO_DATA = 2;

describe('carried_delay_passes_next_stop', () => {
  it('refuses +15 min at CPT and on time at MBG: WDS, between them, keeps +15 min and comes after MBG', () => {
    // CPT leaves 00:25 instead of 00:10; WDS (leaves 00:21) carries +15: 00:36; MBG on time: 00:30.
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { stopId: 'CPT', departure: { delay: 900 } }),
      makeStopTimeUpdate(3, { stopId: 'MBG', arrival: { delay: 0 } }),
    ]);
    expect(withSentences(check(entity, context(makeSchedule(DAY))))).toEqual([
      {
        code: 'carried_delay_passes_next_stop',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[1].arrival.delay',
        value: DAY + 30_000,
        stopSequence: 3,
        stopId: 'WDS',
        delay: '+15 min',
        fromStopId: 'CPT',
        predicted: '00:36',
        nextStopId: 'MBG',
        nextPredicted: '00:30',
        message:
          'Stop WDS has no update and keeps the +15 min delay of CPT: riders there are told 00:36, after MBG at 00:30; give WDS its own time, or delays that keep times increasing along the trip.',
      },
    ]);
  });

  it('checks absolute times, carries the delay over a skipped stop and finds stops by stop_id alone', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(null, { stopId: 'CPT', departure: { time: DAY + 28_800 + 900 } }),
      makeStopTimeUpdate(null, { stopId: 'MBG', arrival: { time: DAY + 30_000 } }),
    ]);
    expect(check(entity, context(makeSchedule(DAY))).map((n) => [n.field, n.stopId])).toEqual([
      ['trip_update.stop_time_update[1].arrival.time', 'WDS'],
    ]);
    const overSkip = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 900 } }),
      makeStopTimeUpdate(2, { scheduleRelationship: SKIPPED }),
      makeStopTimeUpdate(3, { arrival: { delay: 0 } }),
    ]);
    // WDS is skipped: no one is told a time there, nothing runs backwards.
    expect(check(overSkip, context(makeSchedule(DAY)))).toEqual([]);
  });

  it('accepts a delay that the next update keeps or that fits before it, equal times, and NO_DATA', () => {
    const keeps = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 900 } }),
      makeStopTimeUpdate(3, { arrival: { delay: 600 } }),
    ]);
    // WDS 08:11 + 5 min = 08:16 ≤ MBG 08:20 + 0: a train making up time is fine.
    const fits = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 300 } }),
      makeStopTimeUpdate(3, { arrival: { delay: 0 } }),
    ]);
    const equal = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 540 } }),
      makeStopTimeUpdate(3, { arrival: { delay: 0 } }),
    ]);
    const noData = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 900 } }),
      makeStopTimeUpdate(2, { scheduleRelationship: NO_DATA }),
      makeStopTimeUpdate(3, { arrival: { delay: 0 } }),
    ]);
    for (const entity of [keeps, fits, equal, noData])
      expect(check(entity, context(makeSchedule(DAY)))).toEqual([]);
  });

  it('says nothing without the run placed in time', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(1, { departure: { delay: 900 } }),
      makeStopTimeUpdate(3, { arrival: { delay: 0 } }),
    ]);
    expect(check(entity, context())).toEqual([]);
    expect(check(entity, context(null))).toEqual([]);
  });
});
