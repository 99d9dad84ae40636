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
  it('ends the part before at the section: nobody boards at the entry, every later call SKIPPED, the entry as headsign', () => {
    const names = new Map([['B', 'Bee']]);
    const tu = mergeDisruptionAction(null, action('B', 'D'), { ...target, stopNames: names }).tripUpdate;
    expect(tu.trip.scheduleRelationship).toBeUndefined();
    // D is where the train's part after (a NEW trip of its own) continues: this run never reaches it.
    expect(tu.stopTimeUpdate).toEqual([
      {
        stopSequence: 20,
        stopId: 'B',
        arrival: { delay: 0 },
        departure: { delay: 0 },
        stopTimeProperties: { pickupType: 'NONE' },
      },
      { stopSequence: 30, stopId: 'C', scheduleRelationship: 'SKIPPED' },
      { stopSequence: 40, stopId: 'D', scheduleRelationship: 'SKIPPED' },
      { stopSequence: 50, stopId: 'E', scheduleRelationship: 'SKIPPED' },
    ]);
    expect(tu.tripProperties).toEqual({ tripHeadsign: 'Bee' });
  });

  it('takes the section the way the train runs it, and keeps an earlier delay on the part it runs', () => {
    const late: TripUpdateJson = {
      id: 'T-20250923',
      tripUpdate: {
        trip: { tripId: 'T' },
        stopTimeUpdate: [{ stopSequence: 10, stopId: 'A', departure: { delay: 120 } }],
      },
    };
    const tu = mergeDisruptionAction(late, action('E', 'C'), target).tripUpdate;
    expect(tu.stopTimeUpdate?.map((u) => [u.stopId, u.scheduleRelationship ?? u.departure?.delay])).toEqual([
      ['A', 120],
      ['C', 120],
      ['D', 'SKIPPED'],
      ['E', 'SKIPPED'],
    ]);
    expect(tu.stopTimeUpdate?.[1]?.stopTimeProperties).toEqual({ pickupType: 'NONE' });
    expect(late.tripUpdate.stopTimeUpdate).toHaveLength(1); // the input is not changed
  });

  it('keeps only the part after when the section starts the run: earlier calls SKIPPED, held for the bus', () => {
    // A 06:00 → C 06:20 by bus: 20 + 10 minutes, at C 06:30; with 10 minutes to change the
    // train (timetabled 06:20) leaves C at 06:40: 20 minutes late, and as late after.
    const tu = mergeDisruptionAction(null, action('A', 'C'), target).tripUpdate;
    expect(tu.stopTimeUpdate).toEqual([
      { stopSequence: 10, stopId: 'A', scheduleRelationship: 'SKIPPED' },
      { stopSequence: 20, stopId: 'B', scheduleRelationship: 'SKIPPED' },
      {
        stopSequence: 30,
        stopId: 'C',
        arrival: { delay: 1200 },
        departure: { delay: 1200 },
        stopTimeProperties: { dropOffType: 'NONE' },
      },
    ]);
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
