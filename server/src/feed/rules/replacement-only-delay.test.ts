import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { check } from './replacement-only-delay.ts';
import { context, makeStopTimeUpdate, makeTripUpdate, withSentences } from './test-support.ts';

const T = 1_700_000_000;
const replacement = (stopIds: string[]) =>
  makeTripUpdate(
    stopIds.map((stopId, i) =>
      makeStopTimeUpdate(i + 1, { stopId, arrival: { time: T + i * 600 }, departure: { time: T + i * 600 } }),
    ),
    { tripId: 'WD-2300', scheduleRelationship: TripScheduleRelationship.REPLACEMENT },
  );

describe('replacement_only_delay', () => {
  it('refuses a REPLACEMENT that calls at the scheduled stops in their order: a delay', () => {
    expect(withSentences(check(replacement(['CPT', 'WDS', 'MBG']), context()))).toEqual([
      {
        code: 'replacement_only_delay',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.schedule_relationship',
        value: 'WD-2300',
        message:
          'Trip WD-2300 calls at the same stops as in the schedule; that is a delay: send it as delays of the scheduled trip, not as a REPLACEMENT.',
      },
    ]);
  });

  it('accepts a diverted journey (a stop left out, added or in another order)', () => {
    expect(check(replacement(['CPT', 'MBG']), context())).toEqual([]);
    expect(check(replacement(['CPT', 'WDS', 'CPT3', 'MBG']), context())).toEqual([]);
    expect(check(replacement(['MBG', 'WDS', 'CPT']), context())).toEqual([]);
    expect(check(replacement(['CPT', 'WDS', 'MBG']), context(null))).toEqual([]);
  });
});
