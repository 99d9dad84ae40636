import { describe, expect, it } from 'vitest';
import { check } from './alert-without-informed-entity.ts';
import { makeAlert, makeTripUpdate, withSentences } from './test-support.ts';

describe('E032 alert without informed_entity', () => {
  it('refuses an alert about nothing', () => {
    expect(withSentences(check(makeAlert({ effect: 3 })))).toEqual([
      {
        code: 'E032',
        severity: 'error',
        entityId: 'alert-1',
        field: 'alert.informed_entity',
        message: 'The alert has no informed entity; add the route, trip or stop it is about.',
      },
    ]);
  });

  it('accepts an alert about a route and ignores trip updates', () => {
    expect(check(makeAlert({ informedEntity: [{ routeId: 'STH' }] }))).toEqual([]);
    expect(check(makeTripUpdate([]))).toEqual([]);
  });
});
