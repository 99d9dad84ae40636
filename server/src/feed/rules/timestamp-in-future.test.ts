import { describe, expect, it } from 'vitest';
import { context, makeTripUpdate, NOW, withSentences } from './test-support.ts';
import { check, checkHeader } from './timestamp-in-future.ts';

describe('E050 timestamp in the future', () => {
  it('refuses a trip update timestamp more than a minute ahead', () => {
    expect(withSentences(check(makeTripUpdate([], undefined, { timestamp: NOW + 61 }), context()))).toEqual([
      {
        code: 'E050',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.timestamp',
        value: NOW + 61,
        message: 'trip_update.timestamp is 61 s in the future; use the time the data was measured.',
        secondsAhead: 61,
      },
    ]);
  });

  it('accepts up to a minute ahead, and leaves milliseconds to E001', () => {
    expect(check(makeTripUpdate([], undefined, { timestamp: NOW + 60 }), context())).toEqual([]);
    expect(checkHeader({ gtfsRealtimeVersion: '2.0', timestamp: NOW * 1000 }, context())).toEqual([]);
  });
});
