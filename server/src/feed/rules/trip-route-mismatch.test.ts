import { describe, expect, it } from 'vitest';
import { context, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './trip-route-mismatch.ts';

describe('E035 trip not on the given route', () => {
  it('refuses a known route that is not the trip route', () => {
    expect(
      withSentences(check(makeTripUpdate([], { tripId: 'WD-2300', routeId: 'NTH' }), context())),
    ).toEqual([
      {
        code: 'E035',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.route_id',
        value: 'NTH',
        message: 'Trip WD-2300 runs on route STH, not NTH; fix route_id or leave it out.',
        tripId: 'WD-2300',
        tripRouteId: 'STH',
      },
    ]);
  });

  it('leaves unknown routes to E004 and accepts the right route', () => {
    expect(check(makeTripUpdate([], { tripId: 'WD-2300', routeId: 'XYZ' }), context())).toEqual([]);
    expect(check(makeTripUpdate([], { tripId: 'WD-2300', routeId: 'STH' }), context())).toEqual([]);
  });
});
