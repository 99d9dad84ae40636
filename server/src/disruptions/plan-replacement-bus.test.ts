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
  it('skips the calls strictly inside the section and splits the train into its parts on either side', () => {
    const plan = planReplacementBus(train, { fromStopId: 'B', toStopId: 'D', marginMinutes: 5 })!;
    expect(plan.wholeTrip).toBe(false);
    expect(plan.entry.stopId).toBe('B');
    expect(plan.exit.stopId).toBe('D');
    expect(plan.skipped.map((c) => c.stopId)).toEqual(['C']);
    expect(plan.before.map((c) => c.stopId)).toEqual(['A', 'B']);
    expect(plan.after.map((c) => c.stopId)).toEqual(['D', 'E']);
  });

  it('leaves the bus at least the margin after the train arrives, and holds the continuing train for the bus', () => {
    // The train reaches B at 10:09; the bus leaves at 10:14 and takes the train's 20 minutes and
    // 10 more (10:44 at D); the part after, timetabled at 10:30, leaves D 5 minutes after the bus: 10:49.
    const plan = planReplacementBus(train, { fromStopId: 'B', toStopId: 'D', marginMinutes: 5 })!;
    expect(plan.bus).toEqual([
      { stopId: 'B', arrivalSecs: h('10:14'), departureSecs: h('10:14') },
      { stopId: 'C', arrivalSecs: h('10:29'), departureSecs: h('10:29') },
      { stopId: 'D', arrivalSecs: h('10:44'), departureSecs: h('10:44') },
    ]);
    expect(plan.holdSecs).toBe(19 * 60);
    expect(plan.after).toEqual([call(4, 'D', '10:49'), call(5, 'E', '10:59')]);
    expect(plan.connections).toEqual([
      { stopId: 'B', kind: 'to_bus', trainSecs: h('10:09'), busSecs: h('10:14'), minutes: 5 },
      { stopId: 'D', kind: 'to_train', trainSecs: h('10:49'), busSecs: h('10:44'), minutes: 5 },
    ]);
  });

  it('keeps the timetable of the continuing train when the bus is in time for it', () => {
    // A bus of 10 minutes reaches D at 10:24, 6 minutes before the train's 10:30: no hold.
    const plan = planReplacementBus(train, {
      fromStopId: 'B',
      toStopId: 'D',
      marginMinutes: 5,
      busMinutes: 10,
    })!;
    expect(plan.bus.at(-1)).toEqual({ stopId: 'D', arrivalSecs: h('10:24'), departureSecs: h('10:24') });
    expect(plan.holdSecs).toBe(0);
    expect(plan.after).toEqual([call(4, 'D', '10:30'), call(5, 'E', '10:40')]);
    expect(plan.connections.map((c) => c.minutes)).toEqual([5, 6]);
  });

  it('waits for a late train at the entry (realtime)', () => {
    const plan = planReplacementBus(train, {
      fromStopId: 'B',
      toStopId: 'D',
      marginMinutes: 5,
      busMinutes: 10,
      entryDelaySecs: 300,
    })!;
    expect(plan.bus[0]).toEqual({ stopId: 'B', arrivalSecs: h('10:19'), departureSecs: h('10:19') });
    expect(plan.holdSecs).toBe(4 * 60); // bus at D 10:29, train leaves 10:34
    expect(plan.connections.every((c) => c.minutes >= 5)).toBe(true);
  });

  it('runs the section the way the train does, whichever end is named first', () => {
    const reversed = planReplacementBus(train, { fromStopId: 'D', toStopId: 'B', marginMinutes: 10 })!;
    expect(reversed.bus.map((c) => c.stopId)).toEqual(['B', 'C', 'D']);
  });

  it('says the train does not run when the section is its whole journey, the bus leaving with it', () => {
    const plan = planReplacementBus(train, { fromStopId: 'E', toStopId: 'A', marginMinutes: 5 })!;
    expect(plan.wholeTrip).toBe(true);
    expect(plan.before).toEqual([]);
    expect(plan.after).toEqual([]);
    expect(plan.connections).toEqual([]);
    expect(plan.bus[0]!.departureSecs).toBe(h('10:00'));
    expect(plan.bus.at(-1)!.arrivalSecs).toBe(h('10:50'));
  });

  it('has one connection when the section starts or ends the run', () => {
    const starts = planReplacementBus(train, { fromStopId: 'A', toStopId: 'C', marginMinutes: 5 })!;
    expect(starts.before).toEqual([]);
    expect(starts.bus[0]!.departureSecs).toBe(h('10:00'));
    expect(starts.connections.map((c) => c.kind)).toEqual(['to_train']);
    const ends = planReplacementBus(train, { fromStopId: 'C', toStopId: 'E', marginMinutes: 5 })!;
    expect(ends.after).toEqual([]);
    expect(ends.holdSecs).toBe(0);
    expect(ends.connections.map((c) => [c.kind, c.minutes])).toEqual([['to_bus', 5]]);
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
      { stopId: 'C', arrivalSecs: h('10:30'), departureSecs: h('10:30') },
    ]);
  });

  it('keeps every connection at least the margin, whatever the timetable (property)', () => {
    for (let seed = 1; seed < 400; seed++) {
      const rnd = (n: number) => ((seed * 7919 + n * 104729) % 997) / 997;
      const stops = 3 + Math.floor(rnd(1) * 5);
      let t = 6 * 3600;
      const calls: TimedCall[] = [];
      for (let i = 0; i < stops; i++) {
        const arrive = t;
        const depart = t + Math.floor(rnd(i + 10) * 3) * 60;
        calls.push({ stopSequence: i + 1, stopId: `S${i}`, arrivalSecs: arrive, departureSecs: depart });
        t = depart + (2 + Math.floor(rnd(i + 20) * 15)) * 60;
      }
      const from = Math.floor(rnd(2) * (stops - 1));
      const to = from + 1 + Math.floor(rnd(3) * (stops - 1 - from));
      const marginMinutes = Math.floor(rnd(4) * 15);
      const plan = planReplacementBus(calls, {
        fromStopId: `S${from}`,
        toStopId: `S${to}`,
        marginMinutes,
        busMinutes: rnd(5) > 0.5 ? Math.floor(rnd(6) * 60) : undefined,
      })!;
      for (const c of plan.connections) expect(c.minutes).toBeGreaterThanOrEqual(marginMinutes);
      for (let i = 1; i < plan.bus.length; i++)
        expect(plan.bus[i]!.arrivalSecs).toBeGreaterThanOrEqual(plan.bus[i - 1]!.departureSecs);
    }
  });
});
