import { describe, expect, it } from 'vitest';
import { mergeDisruptionAction, type ScheduledStop, type TripUpdateJson } from './merge-disruption-action.ts';

const stops: ScheduledStop[] = ['A', 'B', 'C', 'D', 'E'].map((stopId, i) => ({
  stopSequence: (i + 1) * 10,
  stopId,
  arrivalSecs: 6 * 3600 + i * 600,
  departureSecs: 6 * 3600 + i * 600,
}));
const target = { id: 'T-20250923', tripId: 'T', startDate: '20250923', stops, nowSecs: 1 };
const action = (fromStopId: string, toStopId: string) =>
  ({ type: 'replace_by_bus', fromStopId, toStopId, routeId: 'BUS', marginMinutes: 10 }) as const;

describe('the train side of replace_by_bus', () => {
  it('skips the calls between the ends, closes boarding at the entry and alighting at the exit', () => {
    const tu = mergeDisruptionAction(null, action('B', 'D'), target).tripUpdate;
    expect(tu.trip.scheduleRelationship).toBeUndefined();
    expect(tu.stopTimeUpdate).toEqual([
      {
        stopSequence: 20,
        stopId: 'B',
        arrival: { delay: 0 },
        departure: { delay: 0 },
        stopTimeProperties: { pickupType: 'NONE' },
      },
      { stopSequence: 30, stopId: 'C', scheduleRelationship: 'SKIPPED' },
      {
        stopSequence: 40,
        stopId: 'D',
        arrival: { delay: 0 },
        departure: { delay: 0 },
        stopTimeProperties: { dropOffType: 'NONE' },
      },
    ]);
  });

  it('takes the section the way the train runs it, and keeps an earlier delay', () => {
    const late: TripUpdateJson = {
      id: 'T-20250923',
      tripUpdate: {
        trip: { tripId: 'T' },
        stopTimeUpdate: [{ stopSequence: 10, stopId: 'A', departure: { delay: 120 } }],
      },
    };
    const tu = mergeDisruptionAction(late, action('E', 'B'), target).tripUpdate;
    expect(tu.stopTimeUpdate?.map((u) => [u.stopId, u.scheduleRelationship ?? u.departure?.delay])).toEqual([
      ['A', 120],
      ['B', 120],
      ['C', 'SKIPPED'],
      ['D', 'SKIPPED'],
      ['E', 120],
    ]);
    expect(tu.stopTimeUpdate?.[1]?.stopTimeProperties).toEqual({ pickupType: 'NONE' });
    expect(tu.stopTimeUpdate?.[4]?.stopTimeProperties).toEqual({ dropOffType: 'NONE' });
    expect(late.tripUpdate.stopTimeUpdate).toHaveLength(1); // the input is not changed
  });

  it('deletes a train running only inside the section, and leaves one not calling at both ends', () => {
    expect(mergeDisruptionAction(null, action('A', 'E'), target).tripUpdate.trip.scheduleRelationship).toBe(
      'DELETED',
    );
    const untouched = mergeDisruptionAction(null, action('A', 'Z'), target).tripUpdate;
    expect(untouched.trip.scheduleRelationship).toBeUndefined();
    expect(untouched.stopTimeUpdate).toEqual([]);
  });
});
