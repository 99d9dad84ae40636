import { TripScheduleRelationship } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { toLiveTripUpdate } from './live-entities.ts';

describe('toLiveTripUpdate', () => {
  it('dates an extra train (DUPLICATED) by its TripProperties, and a trip update by its start_date', () => {
    const extra = toLiveTripUpdate(
      {
        id: 'x',
        tripUpdate: {
          trip: { tripId: 'WD-103', scheduleRelationship: TripScheduleRelationship.DUPLICATED },
          tripProperties: { tripId: 'WD-103-X', startDate: '20250924', startTime: '09:30:00' },
          stopTimeUpdate: [],
        },
      },
      '20250923',
    );
    expect(extra).toMatchObject({ tripId: 'WD-103', startDate: '20250924', extra: true, cancelled: false });
    const own = toLiveTripUpdate(
      { id: 'o', tripUpdate: { trip: { tripId: 'WD-103' }, stopTimeUpdate: [] } },
      '20250923',
    );
    expect(own).toMatchObject({ startDate: '20250923', extra: false });
  });
});
