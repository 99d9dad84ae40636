import { describe, expect, it } from 'vitest';
import { context, makeAlert, makeTripUpdate, withSentences } from './test-support.ts';
import { check } from './unknown-route.ts';

describe('E004 route_id not in the schedule', () => {
  it('refuses unknown routes on trips and alert selectors', () => {
    expect(
      withSentences(check(makeTripUpdate([], { tripId: 'WD-2300', routeId: 'XYZ' }), context())),
    ).toEqual([
      {
        code: 'E004',
        severity: 'error',
        entityId: 'tu-1',
        field: 'trip_update.trip.route_id',
        value: 'XYZ',
        message: 'Route XYZ is not in the schedule; use a route_id from routes.txt.',
      },
    ]);
    expect(
      check(makeAlert({ informedEntity: [{ routeId: 'STH' }, { routeId: 'ABC' }] }), context()).map(
        (n) => n.field,
      ),
    ).toEqual(['alert.informed_entity[1].route_id']);
  });

  it('accepts known routes', () => {
    expect(check(makeTripUpdate([], { tripId: 'WD-2300', routeId: 'STH' }), context())).toEqual([]);
  });
});
