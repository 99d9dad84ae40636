import { describe, expect, it } from 'vitest';
import { check } from './invalid-start-date.ts';
import { context, makeTripUpdate, withSentences } from './test-support.ts';

describe('E021 start_date not YYYYMMDD', () => {
  it('refuses a date in another format or a day that does not exist', () => {
    const entity = makeTripUpdate(
      [],
      { tripId: 'WD-2300', startDate: '2023-11-15' },
      {
        tripProperties: { startDate: '20230230' },
      },
    );
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'E021',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.start_date',
        value: '2023-11-15',
        message: 'Start date "2023-11-15" is not a date; write it as YYYYMMDD, e.g. 20250924.',
      },
      expect.objectContaining({ field: 'trip_update.trip_properties.start_date', value: '20230230' }),
    ]);
  });

  it('accepts YYYYMMDD dates and no date', () => {
    const entity = makeTripUpdate(
      [],
      { tripId: 'WD-2300', startDate: '20231115' },
      {
        tripProperties: { startDate: '20240229' },
      },
    );
    expect(check(entity, context())).toEqual([]);
    expect(check(makeTripUpdate([]), context())).toEqual([]);
  });
});
