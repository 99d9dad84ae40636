import { describe, expect, it } from 'vitest';
import { check } from './informed-entity-without-specifier.ts';
import { makeAlert, withSentences } from './test-support.ts';

describe('E033 informed entity without specifier', () => {
  it('refuses a selector with only a direction', () => {
    expect(
      withSentences(check(makeAlert({ informedEntity: [{ stopId: 'CPT' }, { directionId: 1 }] }))),
    ).toEqual([
      {
        code: 'E033',
        severity: 'error',
        entityId: 'alert-1',
        field: 'alert.informed_entity[1]',
        message: 'This informed entity selects nothing; give a route, trip or stop.',
      },
    ]);
  });

  it('accepts route_type 0 (tram) as a specifier', () => {
    expect(check(makeAlert({ informedEntity: [{ routeType: 0 }] }))).toEqual([]);
  });
});
