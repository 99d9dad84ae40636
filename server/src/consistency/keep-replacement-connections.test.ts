import { describe, expect, it } from 'vitest';
import { shiftTimes } from './keep-replacement-connections.ts';

describe('shiftTimes', () => {
  it('moves every time, and every delay given instead, by the same amount, and stamps the update now', () => {
    const body = {
      trip: { tripId: '305-bus-20250923', startDate: '20250923', scheduleRelationship: 'NEW' },
      timestamp: 100,
      stopTimeUpdate: [
        { stopSequence: 1, stopId: 'SMN', arrival: { time: 1_000 }, departure: { time: 1_000 } },
        { stopSequence: 2, stopId: 'MHL', arrival: { delay: 60 }, departure: { delay: 60 } },
        { stopSequence: 3, stopId: 'SJD', scheduleRelationship: 'SKIPPED' },
      ],
    };
    expect(shiftTimes(body, 900, 5_000)).toEqual({
      ...body,
      timestamp: 5_000,
      stopTimeUpdate: [
        { stopSequence: 1, stopId: 'SMN', arrival: { time: 1_900 }, departure: { time: 1_900 } },
        { stopSequence: 2, stopId: 'MHL', arrival: { delay: 960 }, departure: { delay: 960 } },
        { stopSequence: 3, stopId: 'SJD', scheduleRelationship: 'SKIPPED' },
      ],
    });
    // The input is left as it was.
    expect(body.stopTimeUpdate[0]!.arrival!.time).toBe(1_000);
  });
});
