import { describe, expect, it } from 'vitest';
import { check } from './alert-trip-route-mismatch.ts';
import { context, makeAlert, withSentences } from './test-support.ts';

describe('E030 alert trip not on the alert route', () => {
  it('refuses a trip that runs on another route', () => {
    const entity = makeAlert({ informedEntity: [{ routeId: 'NTH', trip: { tripId: 'WD-2300' } }] });
    expect(withSentences(check(entity, context()))).toEqual([
      {
        code: 'E030',
        severity: 'error',
        entityId: 'alert-1',
        field: 'alert.informed_entity[0].route_id',
        value: 'NTH',
        message: 'Trip WD-2300 runs on route STH, not NTH; fix the route or the trip.',
        tripId: 'WD-2300',
        tripRouteId: 'STH',
      },
    ]);
  });

  it('accepts the trip with its own route', () => {
    expect(
      check(makeAlert({ informedEntity: [{ routeId: 'STH', trip: { tripId: 'WD-2300' } }] }), context()),
    ).toEqual([]);
  });
});
