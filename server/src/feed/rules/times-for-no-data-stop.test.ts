import { StopScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './times-for-no-data-stop.ts';

const { NO_DATA, SKIPPED } = StopScheduleRelationship;

describe('E042 times for a NO_DATA stop', () => {
  it('refuses an arrival on a NO_DATA stop', () => {
    const entity = makeTripUpdate([
      makeStopTimeUpdate(3, { scheduleRelationship: NO_DATA, arrival: { delay: 60 } }),
    ]);
    expect(withSentences(check(entity))).toEqual([
      {
        code: 'E042',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.stop_time_update[0].arrival',
        message: 'A NO_DATA stop must not have a arrival; remove it.',
        event: 'arrival',
        stopSequence: 3,
      },
    ]);
  });

  it('accepts times on a SKIPPED stop, which the reference allows', () => {
    expect(
      check(
        makeTripUpdate([makeStopTimeUpdate(3, { scheduleRelationship: SKIPPED, arrival: { delay: 60 } })]),
      ),
    ).toEqual([]);
  });
});
