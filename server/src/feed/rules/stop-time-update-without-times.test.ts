import { StopScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './stop-time-update-without-times.ts';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

describe('E043 stop time update without arrival or departure', () => {
  it('refuses a scheduled stop without times', () => {
    expect(withSentences(check(makeTripUpdate([makeStopTimeUpdate(2, { stopId: 'WDS' })])))).toEqual([
      {
        code: 'E043',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0]',
        message: 'This stop has neither arrival nor departure; give a time or delay, or mark it skipped.',
        stopSequence: 2,
        stopId: 'WDS',
      },
    ]);
  });

  it('accepts skipped and NO_DATA stops without times', () => {
    const { SKIPPED, NO_DATA } = StopScheduleRelationship;
    const stus = [
      makeStopTimeUpdate(1, { scheduleRelationship: SKIPPED }),
      makeStopTimeUpdate(2, { scheduleRelationship: NO_DATA }),
    ];
    expect(check(makeTripUpdate(stus))).toEqual([]);
  });
});
