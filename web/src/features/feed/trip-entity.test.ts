import { describe, expect, it } from 'vitest';
import { applyEntity, buildTripUpdate, rowsFor, type StopRow, withCancelled } from './trip-entity.ts';
import type { TripUpdateEntity } from './types.ts';

const stops = rowsFor(
  ['CAPE TOWN', 'WOODSTOCK', 'SALT RIVER', 'OBSERVATORY'].map((stopId, i) => ({
    stopSequence: i,
    stopId,
    stopName: stopId,
    arrival: `06:${30 + 3 * i}:00`,
    departure: `06:${30 + 3 * i}:00`,
  })),
);
const edit = (patches: Record<number, Partial<StopRow>>) =>
  stops.map((row, i) => ({ ...row, ...patches[i] }));
const build = (rows: StopRow[]) =>
  buildTripUpdate({ tripId: 'WD-103', cancelled: false, rows }).tripUpdate.stopTimeUpdate;

describe('buildTripUpdate events', () => {
  it('gives the first stop a departure only, the last an arrival only, the others an arrival', () => {
    expect(build(edit({ 0: { delay: '5' }, 2: { delay: '1' }, 3: { delay: '1' } }))).toEqual([
      { stopSequence: 0, stopId: 'CAPE TOWN', departure: { delay: 300 } },
      { stopSequence: 2, stopId: 'SALT RIVER', arrival: { delay: 360 } },
      { stopSequence: 3, stopId: 'OBSERVATORY', arrival: { delay: 420 } },
    ]);
  });

  it('makes a longer stop (dwell) a departure later than the arrival, carried down the line', () => {
    expect(build(edit({ 1: { delay: '2', dwell: '3' }, 3: { delay: '0' } }))).toEqual([
      { stopSequence: 1, stopId: 'WOODSTOCK', arrival: { delay: 120 }, departure: { delay: 300 } },
      { stopSequence: 3, stopId: 'OBSERVATORY', arrival: { delay: 300 } },
    ]);
  });

  it('sends a platform change as assigned_stop_id with the running delay, and reads it all back', () => {
    const rows = edit({ 1: { delay: '2', dwell: '3' }, 3: { platform: 'OBSERVATORY 2' } });
    const sent = build(rows) ?? [];
    expect(sent.at(-1)).toEqual({
      stopSequence: 3,
      stopId: 'OBSERVATORY',
      arrival: { delay: 300 },
      stopTimeProperties: { assignedStopId: 'OBSERVATORY 2' },
    });
    const entity = { tripUpdate: { trip: { tripId: 'WD-103' }, stopTimeUpdate: sent } } as TripUpdateEntity;
    const back = applyEntity(stops, entity, 'Africa/Johannesburg');
    expect(back.map((r) => [r.delay, r.dwell, r.platform])).toEqual([
      ['', '', ''],
      ['2', '3', ''],
      ['', '', ''],
      ['0', '', 'OBSERVATORY 2'],
    ]);
  });
});

describe('withCancelled (the trains list Save)', () => {
  const bus = {
    id: 'bus-1',
    tripUpdate: {
      trip: { tripId: 'BUS-0800', routeId: 'BUS', startDate: '20250923', scheduleRelationship: 'NEW' },
      stopTimeUpdate: [{ stopSequence: 1, stopId: 'GIL', arrival: { time: 100 }, departure: { time: 100 } }],
    },
  } as unknown as TripUpdateEntity;

  it('keeps a new train NEW when saved uncancelled, and sends CANCELED when cancelled (the server removes it)', () => {
    expect(withCancelled(bus, 'bus-1', false).tripUpdate.trip.scheduleRelationship).toBe('NEW');
    expect(withCancelled(bus, 'bus-1', true).tripUpdate.trip.scheduleRelationship).toBe('CANCELED');
  });

  it('drops CANCELED when a cancelled train is saved uncancelled', () => {
    const cancelled = structuredClone(bus);
    cancelled.tripUpdate.trip.scheduleRelationship = 'CANCELED';
    expect(withCancelled(cancelled, 'bus-1', false).tripUpdate.trip.scheduleRelationship).toBeUndefined();
  });
});
