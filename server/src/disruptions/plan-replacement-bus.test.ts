import { describe, expect, it } from 'vitest';
import { planReplacementBus, type TimedCall } from './plan-replacement-bus.ts';

const h = (hhmm: string) => {
  const [hh, mm] = hhmm.split(':').map(Number);
  return hh! * 3600 + mm! * 60;
};
const call = (stopSequence: number, stopId: string, arr: string, dep = arr): TimedCall => ({
  stopSequence,
  stopId,
  arrivalSecs: h(arr),
  departureSecs: h(dep),
});
// A train A 10:00 → B 10:10 → C 10:20 → D 10:30 → E 10:40.
const train = [
  call(1, 'A', '10:00'),
  call(2, 'B', '10:09', '10:10'),
  call(3, 'C', '10:20'),
  call(4, 'D', '10:30'),
  call(5, 'E', '10:40'),
];

describe('planReplacementBus', () => {
  it('skips the calls strictly inside the section; the bus leaves with the train and is later by the margin', () => {
    const plan = planReplacementBus(train, { fromStopId: 'B', toStopId: 'D', marginMinutes: 10 })!;
    expect(plan.wholeTrip).toBe(false);
    expect(plan.entry.stopId).toBe('B');
    expect(plan.exit.stopId).toBe('D');
    expect(plan.skipped.map((c) => c.stopId)).toEqual(['C']);
    expect(plan.bus).toEqual([
      { stopId: 'B', arrivalSecs: h('10:10'), departureSecs: h('10:10') },
      { stopId: 'C', arrivalSecs: h('10:30'), departureSecs: h('10:30') },
      { stopId: 'D', arrivalSecs: h('10:40'), departureSecs: h('10:40') },
    ]);
  });

  it('runs the section the way the train does, whichever end is named first', () => {
    const reversed = planReplacementBus(train, { fromStopId: 'D', toStopId: 'B', marginMinutes: 10 })!;
    expect(reversed.bus.map((c) => c.stopId)).toEqual(['B', 'C', 'D']);
  });

  it('says the train does not run when the section is its whole journey', () => {
    expect(planReplacementBus(train, { fromStopId: 'E', toStopId: 'A', marginMinutes: 5 })!.wholeTrip).toBe(
      true,
    );
  });

  it('leaves a train that does not call at both ends alone', () => {
    expect(planReplacementBus(train, { fromStopId: 'B', toStopId: 'X', marginMinutes: 5 })).toBeNull();
    expect(planReplacementBus(train, { fromStopId: 'B', toStopId: 'B', marginMinutes: 5 })).toBeNull();
  });

  it('passes an untimed call without a stop and never goes back in time', () => {
    const untimed = [
      call(1, 'A', '10:00'),
      { stopSequence: 2, stopId: 'B', arrivalSecs: null, departureSecs: null },
      call(3, 'C', '10:20', '10:40'),
    ];
    const plan = planReplacementBus(untimed, { fromStopId: 'A', toStopId: 'C', marginMinutes: 30 })!;
    expect(plan.bus).toEqual([
      { stopId: 'A', arrivalSecs: h('10:00'), departureSecs: h('10:00') },
      { stopId: 'C', arrivalSecs: h('10:50'), departureSecs: h('11:10') },
    ]);
  });
});
