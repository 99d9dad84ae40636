import { describe, expect, it } from 'vitest';
import { buildExtraTrain, extraTripId } from './extra-train.ts';

const stops = [
  { stopSequence: 0, stopId: 'CAPE TOWN', stopName: 'Cape Town', arrival: '06:30:00', departure: '06:30:00' },
  { stopSequence: 1, stopId: 'WOODSTOCK', stopName: 'Woodstock', arrival: '06:33:00', departure: '06:34:00' },
  { stopSequence: 2, stopId: 'SALT RIVER', stopName: 'Salt River', arrival: '06:36:00', departure: null },
];
/** 24 September 2025 00:00 in Johannesburg (UTC+2). */
const DAY = Date.UTC(2025, 8, 23, 22) / 1000;

describe('buildExtraTrain', () => {
  it('copies the trip as DUPLICATED, shifting every time by the new start, on its own date', () => {
    const newTripId = extraTripId('WD-103', '20250924', '09:30');
    expect(newTripId).toBe('WD-103-extra-20250924-0930');
    expect(
      buildExtraTrain({
        tripId: 'WD-103',
        routeId: 'STH',
        date: '20250924',
        startTime: '09:30',
        newTripId,
        stops,
        timeZone: 'Africa/Johannesburg',
      }),
    ).toEqual({
      tripUpdate: {
        trip: { tripId: 'WD-103', routeId: 'STH', scheduleRelationship: 'DUPLICATED' },
        tripProperties: { tripId: newTripId, startDate: '20250924', startTime: '09:30:00' },
        stopTimeUpdate: [
          { stopSequence: 0, stopId: 'CAPE TOWN', departure: { time: DAY + 9.5 * 3600 } },
          {
            stopSequence: 1,
            stopId: 'WOODSTOCK',
            arrival: { time: DAY + 9.5 * 3600 + 180 },
            departure: { time: DAY + 9.5 * 3600 + 240 },
          },
          { stopSequence: 2, stopId: 'SALT RIVER', arrival: { time: DAY + 9.5 * 3600 + 360 } },
        ],
      },
    });
  });
});
