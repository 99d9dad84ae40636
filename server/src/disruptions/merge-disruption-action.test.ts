import { describe, expect, it } from 'vitest';
import { mergeDisruptionAction, shortTurnCall, type TripUpdateJson } from './merge-disruption-action.ts';

/** Eerste River → Bellville → Kuils River → Cape Town: four calls. */
const stops = [
  { stopSequence: 1, stopId: 'EER' },
  { stopSequence: 2, stopId: 'BLV' },
  { stopSequence: 3, stopId: 'KUI' },
  { stopSequence: 4, stopId: 'CPT' },
];
const target = {
  id: 'tu-1',
  tripId: 'WD-0600',
  startDate: '20250923',
  stops,
  nowSecs: 1000,
  stopNames: new Map([['BLV', 'Bellville']]),
};
const delayed: TripUpdateJson = {
  id: 'tu-1',
  tripUpdate: {
    trip: { tripId: 'WD-0600' },
    stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', departure: { delay: 300 } }],
  },
};
const rows = (tu: TripUpdateJson) =>
  (tu.tripUpdate.stopTimeUpdate ?? []).map((u) => [
    u.stopId,
    u.scheduleRelationship ?? 'SCHEDULED',
    u.departure?.delay ?? u.arrival?.delay ?? null,
  ]);

describe('mergeDisruptionAction: short_turn', () => {
  it('ends the trip at the stop: the stops after it SKIPPED, its delay kept, the headsign the stop name', () => {
    const merged = mergeDisruptionAction(delayed, { type: 'short_turn', stopId: 'BLV', at: 'end' }, target);
    expect(rows(merged)).toEqual([
      ['EER', 'SCHEDULED', 300],
      ['KUI', 'SKIPPED', null],
      ['CPT', 'SKIPPED', null],
    ]);
    expect(merged.tripUpdate.tripProperties).toEqual({ tripHeadsign: 'Bellville' });
    // Pure: the existing update is unchanged.
    expect(delayed.tripUpdate.stopTimeUpdate).toHaveLength(1);
  });

  it('starts the trip at the stop: the stops before it SKIPPED, the delay in force carried to it, headsign kept', () => {
    const withHeadsign = structuredClone(delayed);
    withHeadsign.tripUpdate.tripProperties = { tripHeadsign: 'Cape Town' };
    const merged = mergeDisruptionAction(
      withHeadsign,
      { type: 'short_turn', stopId: 'KUI', at: 'start' },
      target,
    );
    expect(rows(merged)).toEqual([
      ['EER', 'SKIPPED', null],
      ['BLV', 'SKIPPED', null],
      ['KUI', 'SCHEDULED', 300],
    ]);
    expect(merged.tripUpdate.tripProperties).toEqual({ tripHeadsign: 'Cape Town' });
  });

  it('replaces what the dropped stops had and keeps what the served ones have', () => {
    const existing: TripUpdateJson = {
      id: 'tu-1',
      tripUpdate: {
        trip: { tripId: 'WD-0600' },
        stopTimeUpdate: [
          { stopSequence: 2, stopId: 'BLV', arrival: { delay: 120 }, departure: { delay: 180 } },
          {
            stopSequence: 4,
            stopId: 'CPT',
            arrival: { delay: 60 },
            stopTimeProperties: { assignedStopId: 'X' },
          },
        ],
      },
    };
    const merged = mergeDisruptionAction(existing, { type: 'short_turn', stopId: 'KUI', at: 'end' }, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual([
      { stopSequence: 2, stopId: 'BLV', arrival: { delay: 120 }, departure: { delay: 180 } },
      { stopSequence: 4, stopId: 'CPT', scheduleRelationship: 'SKIPPED' },
    ]);
    // Without a name known, the stop id.
    expect(merged.tripUpdate.tripProperties).toEqual({ tripHeadsign: 'KUI' });
  });

  it('writes a new update when there was none', () => {
    const merged = mergeDisruptionAction(null, { type: 'short_turn', stopId: 'BLV', at: 'start' }, target);
    expect(merged).toEqual({
      id: 'tu-1',
      tripUpdate: {
        trip: { tripId: 'WD-0600', startDate: '20250923' },
        timestamp: 1000,
        stopTimeUpdate: [{ stopSequence: 1, stopId: 'EER', scheduleRelationship: 'SKIPPED' }],
      },
    });
  });

  it('says where it turns, or why it cannot', () => {
    expect(shortTurnCall(stops, 'BLV', 'end')).toEqual({ index: 1 });
    expect(shortTurnCall(stops, 'NOPE', 'end')).toEqual({ problem: 'not_called' });
    expect(shortTurnCall(stops, 'CPT', 'end')).toEqual({ problem: 'no_change' });
    expect(shortTurnCall(stops, 'EER', 'start')).toEqual({ problem: 'no_change' });
    expect(shortTurnCall(stops, 'EER', 'end')).toEqual({ problem: 'nothing_left' });
    expect(shortTurnCall(stops, 'CPT', 'start')).toEqual({ problem: 'nothing_left' });
    // A loop from and back to Cape Town: it already ends there, and may start there again further on.
    const loop = [...stops, { stopSequence: 5, stopId: 'EER' }];
    expect(shortTurnCall(loop, 'EER', 'end')).toEqual({ problem: 'no_change' });
    expect(shortTurnCall(loop, 'EER', 'start')).toEqual({ problem: 'no_change' });
    expect(shortTurnCall([...loop, { stopSequence: 6, stopId: 'BLV' }], 'EER', 'start')).toEqual({
      index: 4,
    });
  });
});

describe('mergeDisruptionAction: stop restrictions', () => {
  it('set_down_only: pickupType NONE on a new update at the stop carrying the delay in force', () => {
    const merged = mergeDisruptionAction(delayed, { type: 'set_down_only', stopId: 'KUI' }, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual([
      { stopSequence: 1, stopId: 'EER', departure: { delay: 300 } },
      {
        stopSequence: 3,
        stopId: 'KUI',
        arrival: { delay: 300 },
        departure: { delay: 300 },
        stopTimeProperties: { pickupType: 'NONE' },
      },
    ]);
  });

  it('pick_up_only: dropOffType NONE added to the stop own update, its other properties kept', () => {
    const existing: TripUpdateJson = {
      id: 'tu-1',
      tripUpdate: {
        trip: { tripId: 'WD-0600' },
        stopTimeUpdate: [
          {
            stopSequence: 2,
            stopId: 'BLV',
            arrival: { delay: 60 },
            stopTimeProperties: { assignedStopId: 'BLV2' },
          },
        ],
      },
    };
    const merged = mergeDisruptionAction(existing, { type: 'pick_up_only', stopId: 'BLV' }, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual([
      {
        stopSequence: 2,
        stopId: 'BLV',
        arrival: { delay: 60 },
        stopTimeProperties: { assignedStopId: 'BLV2', dropOffType: 'NONE' },
      },
    ]);
    expect(existing.tripUpdate.stopTimeUpdate![0]!.stopTimeProperties).toEqual({ assignedStopId: 'BLV2' });
  });

  it('leaves a trip not calling at the stop as it was', () => {
    const merged = mergeDisruptionAction(delayed, { type: 'set_down_only', stopId: 'NOPE' }, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual(delayed.tripUpdate.stopTimeUpdate);
  });
});

describe('mergeDisruptionAction: change_platform', () => {
  const move = { type: 'change_platform' as const, stopId: 'BLV', toStopId: 'BLV-4' };

  it('a train without an update: NO_DATA at the stop with the assigned platform, nothing else', () => {
    const merged = mergeDisruptionAction(null, move, target);
    expect(merged).toEqual({
      id: 'tu-1',
      tripUpdate: {
        trip: { tripId: 'WD-0600', startDate: '20250923' },
        timestamp: 1000,
        stopTimeUpdate: [
          {
            stopSequence: 2,
            stopId: 'BLV',
            scheduleRelationship: 'NO_DATA',
            stopTimeProperties: { assignedStopId: 'BLV-4' },
          },
        ],
      },
    });
  });

  it('a delayed train keeps its delay: the call gets the delay in force there, not NO_DATA', () => {
    const merged = mergeDisruptionAction(delayed, move, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual([
      { stopSequence: 1, stopId: 'EER', departure: { delay: 300 } },
      {
        stopSequence: 2,
        stopId: 'BLV',
        arrival: { delay: 300 },
        departure: { delay: 300 },
        stopTimeProperties: { assignedStopId: 'BLV-4' },
      },
    ]);
    // Pure: the existing update is unchanged.
    expect(delayed.tripUpdate.stopTimeUpdate).toHaveLength(1);
  });

  it("the call's own update keeps its times and properties and gains the platform", () => {
    const own: TripUpdateJson = {
      id: 'tu-1',
      tripUpdate: {
        trip: { tripId: 'WD-0600' },
        stopTimeUpdate: [
          {
            stopSequence: 2,
            stopId: 'BLV',
            arrival: { delay: 120 },
            stopTimeProperties: { pickupType: 'NONE' },
          },
        ],
      },
    };
    const merged = mergeDisruptionAction(own, move, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual([
      {
        stopSequence: 2,
        stopId: 'BLV',
        arrival: { delay: 120 },
        stopTimeProperties: { pickupType: 'NONE', assignedStopId: 'BLV-4' },
      },
    ]);
  });

  it('a skipped call is given no platform; a train not calling there is unchanged', () => {
    const skipped = mergeDisruptionAction(null, { type: 'skip_stop', stopId: 'BLV' }, target);
    const merged = mergeDisruptionAction(skipped, move, target);
    expect(merged.tripUpdate.stopTimeUpdate).toEqual(skipped.tripUpdate.stopTimeUpdate);
    const elsewhere = mergeDisruptionAction(delayed, { ...move, stopId: 'SLR' }, target);
    expect(elsewhere.tripUpdate.stopTimeUpdate).toEqual(delayed.tripUpdate.stopTimeUpdate);
  });
});
