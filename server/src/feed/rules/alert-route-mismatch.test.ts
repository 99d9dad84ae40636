import { describe, expect, it } from 'vitest';
import { check } from './alert-route-mismatch.ts';
import { makeAlert, withSentences } from './test-support.ts';

describe('E031 alert selector with two routes', () => {
  it("refuses a selector whose route differs from its trip's route", () => {
    expect(
      withSentences(
        check(
          makeAlert({ informedEntity: [{ routeId: 'STH', trip: { tripId: 'WD-2300', routeId: 'NTH' } }] }),
        ),
      ),
    ).toEqual([
      {
        code: 'E031',
        severity: 'error',
        entityId: 'alert-1',
        field: 'alert.informed_entity[0].trip.route_id',
        value: 'NTH',
        message: "The selector's route STH differs from its trip's route NTH; give one route.",
        routeId: 'STH',
      },
    ]);
  });

  it('accepts matching routes', () => {
    expect(check(makeAlert({ informedEntity: [{ routeId: 'STH', trip: { routeId: 'STH' } }] }))).toEqual([]);
  });
});
