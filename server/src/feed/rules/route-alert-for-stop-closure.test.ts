import type { EntitySelector } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import type { FeedRuleContext } from './context.ts';
import { check } from './route-alert-for-stop-closure.ts';
import { context, makeAlert, withSentences } from './test-support.ts';

const NO_SERVICE = 1;
const closing = (informedEntity: EntitySelector[], effect = NO_SERVICE) =>
  makeAlert({ informedEntity, effect });
/** Live trip updates of route STH skip WDS and MBG. */
const live: FeedRuleContext = {
  ...context(),
  stopClosures: { skippedStops: (routeId) => (routeId === 'STH' ? ['WDS', 'MBG'] : []) },
};

describe('NO_SERVICE on a whole route while only stops are closed', () => {
  it('warns when the alert also names stops of that route', () => {
    const alert = closing([
      { routeId: 'NTH' },
      { stopId: 'CPT' },
      { routeId: 'NTH', stopId: 'BLV' },
      { routeId: 'X', stopId: 'Y' },
    ]);
    expect(withSentences(check(alert, context()))).toEqual([
      {
        code: 'route_alert_for_stop_closure',
        severity: 'warning',
        entityId: 'alert-1',
        field: 'alert.informed_entity[0].route_id',
        value: 'NTH',
        stops: ['BLV', 'CPT'],
        message:
          'Route NTH is marked as having no service, but only BLV, CPT are closed; name those stops instead of the whole route.',
      },
    ]);
  });

  it('warns when live trip updates show the route running and skipping stops', () => {
    expect(check(closing([{ routeId: 'STH' }]), live).map((n) => [n.field, n.stops])).toEqual([
      ['alert.informed_entity[0].route_id', ['MBG', 'WDS']],
    ]);
  });

  it('accepts a route closed with no stop closures, stop closures, and other effects', () => {
    expect(check(closing([{ routeId: 'NTH' }]), live)).toEqual([]);
    expect(check(closing([{ stopId: 'WDS' }, { routeId: 'STH', stopId: 'MBG' }]), live)).toEqual([]);
    expect(check(closing([{ routeId: 'STH' }], 3), live)).toEqual([]);
    expect(check(closing([{ routeId: 'STH' }]), context())).toEqual([]);
  });
});
