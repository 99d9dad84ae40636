import { describe, expect, it } from 'vitest';
import { check } from './assigned-stop-other-station.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

const moved = (seq: number, assignedStopId: string, stopId?: string) =>
  makeTripUpdate([
    { ...makeStopTimeUpdate(seq, { stopId, arrival: { delay: 0 } }), stopTimeProperties: { assignedStopId } },
  ]);

describe('assigned_stop_other_station', () => {
  it('refuses a platform of another station, finding the scheduled stop by stop_sequence', () => {
    expect(withSentences(check(moved(3, 'CPT3'), context()))).toEqual([
      {
        code: 'assigned_stop_other_station',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].stop_time_properties.assigned_stop_id',
        value: 'CPT3',
        stopSequence: 3,
        scheduledStopId: 'MBG',
        message: "Stop CPT3 is not a platform of MBG's station; pick a platform of that station.",
      },
    ]);
    expect(check(moved(2, 'CPT', 'WDS'), context())).toHaveLength(1);
  });

  it('accepts another platform of the same station, and leaves unknown stops to E011', () => {
    expect(check(moved(1, 'CPT3'), context())).toEqual([]);
    expect(check(moved(1, 'CPT3', 'CPT'), context())).toEqual([]);
    expect(check(moved(1, 'NOPE'), context())).toEqual([]);
    expect(check(moved(1, 'CPT3'), context(null))).toEqual([]);
  });
});
