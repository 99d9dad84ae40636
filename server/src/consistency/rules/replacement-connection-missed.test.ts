import { describe, expect, it } from 'vitest';
import type { ReplacementBusRun } from '../context.ts';
import { busConnections } from '../replacement-buses.ts';
import { check } from './replacement-connection-missed.ts';
import { at, DAY_START, makeContext, TODAY } from './test-support.ts';

const bus = (connections: ReplacementBusRun['connections']): ReplacementBusRun => ({
  entityId: `STH-101-bus-${TODAY}`,
  tripId: `STH-101-bus-${TODAY}`,
  startDate: TODAY,
  disruptionId: 'd1',
  replacesTripId: 'STH-101',
  routeId: 'BUS',
  routeType: 3,
  marginSecs: 300,
  connections,
});

describe('replacement_connection_missed', () => {
  it('finds a bus leaving before the margin after the train arrives, and a train leaving before the bus is in', () => {
    const ctx = makeContext({
      replacementBuses: [
        bus([
          { kind: 'to_bus', stopId: 'WDS', trainSecs: at('06:35'), busSecs: at('06:38') },
          { kind: 'to_train', stopId: 'FHK', trainSecs: at('07:20'), busSecs: at('07:22') },
        ]),
      ],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'replacement_connection_missed',
        severity: 'error',
        entityIds: [`STH-101-bus-${TODAY}`],
        message: `Riders miss the connection of ${TODAY}: train STH-101 arrives at WDS at 06:35 and its replacement bus STH-101-bus-${TODAY} leaves at 06:38, less than the 5 minutes they need to change. Delay the bus, or lift the disruption and replace the train again (its bus then waits for it as late as it runs).`,
      },
      expect.objectContaining({
        message: `Riders miss the connection of ${TODAY}: replacement bus STH-101-bus-${TODAY} arrives at FHK at 07:22 and train STH-101 goes on at 07:20, less than the 5 minutes they need to change. Hold the train and publish its delay, or lift the disruption and replace the train again.`,
      }),
    ]);
  });

  it('passes connections of the margin or more', () => {
    const ctx = makeContext({
      replacementBuses: [
        bus([
          { kind: 'to_bus', stopId: 'WDS', trainSecs: at('06:35'), busSecs: at('06:40') },
          { kind: 'to_train', stopId: 'FHK', trainSecs: at('07:30'), busSecs: at('07:22') },
        ]),
      ],
    });
    expect(check(ctx)).toEqual([]);
  });
});

describe('busConnections', () => {
  /** A train A 23:30 → B 23:40 → C 24:10 → D 24:30 (past midnight), the bus B → C. */
  const calls = [
    { stopSequence: 1, stopId: 'A', arrivalSecs: 84_600, departureSecs: 84_600 },
    { stopSequence: 2, stopId: 'B', arrivalSecs: 85_200, departureSecs: 85_200 },
    { stopSequence: 3, stopId: 'C', arrivalSecs: 87_000, departureSecs: 87_000 },
    { stopSequence: 4, stopId: 'D', arrivalSecs: 88_200, departureSecs: 88_200 },
  ];
  const busJson = (leaves: number, arrives: number) => ({
    trip: { tripId: 'T-bus', scheduleRelationship: 'NEW' },
    stopTimeUpdate: [
      { stopSequence: 1, stopId: 'B', arrival: { time: leaves }, departure: { time: leaves } },
      { stopSequence: 2, stopId: 'C', arrival: { time: arrives }, departure: { time: arrives } },
    ],
  });

  it('times the train as published: a delay in force at the entry, the part after from its NEW trip', () => {
    const connections = busConnections({
      bus: busJson(DAY_START + 85_200 + 600 + 300, DAY_START + 87_600),
      // 10 minutes late from A.
      train: {
        trip: { tripId: 'T', startDate: TODAY },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'A', departure: { delay: 600 } }],
      },
      after: {
        trip: { tripId: 'T-after', scheduleRelationship: 'NEW' },
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'C', departure: { time: DAY_START + 87_900 } }],
      },
      calls,
      dayStart: DAY_START,
    });
    expect(connections).toEqual([
      { kind: 'to_bus', stopId: 'B', trainSecs: DAY_START + 85_800, busSecs: DAY_START + 86_100 },
      { kind: 'to_train', stopId: 'C', trainSecs: DAY_START + 87_900, busSecs: DAY_START + 87_600 },
    ]);
  });

  it('reads the hold of a train whose run starts in the section from its own update, and none for a cancelled one', () => {
    const startBus = {
      trip: { tripId: 'T-bus', scheduleRelationship: 'NEW' },
      stopTimeUpdate: [
        { stopSequence: 1, stopId: 'A', departure: { time: DAY_START + 84_600 } },
        { stopSequence: 2, stopId: 'C', arrival: { time: DAY_START + 87_600 } },
      ],
    };
    const held = {
      trip: { tripId: 'T', startDate: TODAY },
      stopTimeUpdate: [{ stopSequence: 3, stopId: 'C', departure: { delay: 900 } }],
    };
    expect(busConnections({ bus: startBus, train: held, after: null, calls, dayStart: DAY_START })).toEqual([
      { kind: 'to_train', stopId: 'C', trainSecs: DAY_START + 87_900, busSecs: DAY_START + 87_600 },
    ]);
    const cancelled = { trip: { tripId: 'T', startDate: TODAY, scheduleRelationship: 'CANCELED' } };
    expect(
      busConnections({ bus: busJson(1, 2), train: cancelled, after: null, calls, dayStart: DAY_START }),
    ).toEqual([]);
  });
});
