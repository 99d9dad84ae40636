import { describe, expect, it } from 'vitest';
import { check } from './route-alert-for-stop-closure.ts';
import { makeAlert, makeContext, makeTripUpdate } from './test-support.ts';

const routeClosed = makeAlert('a-1', { informed: [{ routeId: 'STH' }] });

describe('route_alert_for_stop_closure', () => {
  it('finds NO_SERVICE on a whole route whose trains run skipping only some stops', () => {
    const tripUpdates = [
      makeTripUpdate('tu-101', 'STH-101', { skippedStopIds: ['WDS'] }),
      makeTripUpdate('tu-103', 'STH-103', { skippedStopIds: ['WDS', 'OBS'] }),
      makeTripUpdate('tu-105', 'STH-105', { cancelled: true }),
    ];
    expect(check(makeContext({ alerts: [routeClosed], tripUpdates }))).toEqual([
      {
        code: 'route_alert_for_stop_closure',
        severity: 'warning',
        entityIds: ['a-1', 'tu-101', 'tu-103'],
        message:
          'Alert a-1 says route STH has no service, but its trains run and skip only OBS, WDS; name those stops in the alert instead of the whole route.',
      },
    ]);
  });

  it('accepts a route alert when trains are cancelled, and a stop alert', () => {
    const cancelled = [makeTripUpdate('tu-101', 'STH-101', { cancelled: true })];
    expect(check(makeContext({ alerts: [routeClosed], tripUpdates: cancelled }))).toEqual([]);
    const skipping = [makeTripUpdate('tu-101', 'STH-101', { skippedStopIds: ['WDS'] })];
    const stopAlert = makeAlert('a-2', { informed: [{ stopId: 'WDS' }] });
    expect(check(makeContext({ alerts: [stopAlert], tripUpdates: skipping }))).toEqual([]);
  });
});
