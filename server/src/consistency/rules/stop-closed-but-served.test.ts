import { describe, expect, it } from 'vitest';
import { check } from './stop-closed-but-served.ts';
import { at, makeAlert, makeContext, makeTripUpdate } from './test-support.ts';

// Closed from 06:38 to 07:00: STH-103 calls at WDS at 06:45, STH-102 at 06:40; STH-101 (06:35) is before.
const closure = makeAlert('a-1', {
  informed: [{ stopId: 'WDS' }],
  periods: [{ start: at('06:38'), end: at('07:00') }],
});

describe('stop_closed_but_served', () => {
  it('finds trains that still call at a stop an alert closes', () => {
    expect(check(makeContext({ alerts: [closure] }))).toEqual([
      {
        code: 'stop_closed_but_served',
        severity: 'error',
        entityIds: ['a-1'],
        message:
          'Alert a-1 says stop WDS has no service, but 2 trains still call there during it: STH-103 (20250923), STH-102 (20250923); skip the stop in their trip updates or shorten the alert.',
      },
    ]);
  });

  it('accepts trains that skip the stop or are cancelled, and other effects', () => {
    const tripUpdates = [
      makeTripUpdate('tu-103', 'STH-103', { skippedStopIds: ['WDS'] }),
      makeTripUpdate('tu-102', 'STH-102', { cancelled: true }),
    ];
    expect(check(makeContext({ alerts: [closure], tripUpdates }))).toEqual([]);
    expect(check(makeContext({ alerts: [{ ...closure, effect: 'SIGNIFICANT_DELAYS' }] }))).toEqual([]);
  });

  it('limits the stop to the route the alert names', () => {
    const nthOnly = { ...closure, informed: [{ stopId: 'WDS', routeId: 'NTH' }] };
    expect(check(makeContext({ alerts: [nthOnly] }))).toEqual([]);
  });
});
