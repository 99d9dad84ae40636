import { describe, expect, it } from 'vitest';
import { check } from './skipped-stop-alert-outlived.ts';
import { at, makeAlert, makeContext, makeTripUpdate, NOW, TODAY } from './test-support.ts';

const skipAlert = (id: string, tripId: string, stopId = 'WDS', extra = {}) =>
  makeAlert(id, { informed: [{ tripId, startDate: TODAY, stopId }], ...extra });

describe('skipped_stop_alert_outlived', () => {
  it('finds a skipped-stop alert whose train is cancelled, stops again or has no update', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101', { cancelled: true }),
        makeTripUpdate('tu-103', 'STH-103', { stopTimeUpdates: 1 }),
      ],
      alerts: [skipAlert('a-101', 'STH-101'), skipAlert('a-103', 'STH-103'), skipAlert('a-105', 'STH-105')],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'skipped_stop_alert_outlived',
        severity: 'error',
        entityIds: ['a-101'],
        message:
          'Alert a-101 says trains do not stop, but train STH-101 (20250923) is cancelled; end the alert or draft it again.',
        outlived: [{ tripId: 'STH-101', startDate: TODAY }],
      },
      {
        code: 'skipped_stop_alert_outlived',
        severity: 'error',
        entityIds: ['a-103'],
        message:
          'Alert a-103 says trains do not stop, but train STH-103 (20250923) stops at WDS again; end the alert or draft it again.',
        outlived: [{ tripId: 'STH-103', startDate: TODAY }],
      },
      {
        code: 'skipped_stop_alert_outlived',
        severity: 'error',
        entityIds: ['a-105'],
        message:
          'Alert a-105 says trains do not stop, but train STH-105 (20250923) has no trip update skipping WDS; end the alert or draft it again.',
        outlived: [{ tripId: 'STH-105', startDate: TODAY }],
      },
    ]);
  });

  it('says a train has run when its run is over and the alert is still shown', () => {
    const ctx = makeContext({
      now: new Date((at('09:00') + 60) * 1000),
      alerts: [skipAlert('a-101', 'STH-101', 'WDS', { periods: [{ start: at('06:00') }] })],
    });
    expect(check(ctx).map((f) => f.message)).toEqual([
      'Alert a-101 says trains do not stop, but train STH-101 (20250923) has run; end the alert or draft it again.',
    ]);
    // Time passing is no act's doing: no act drops the train that has run.
    expect(check(ctx)[0]!.outlived).toBeUndefined();
  });

  it('accepts a train that skips the stop, alerts that are over, about a stop alone or of another effect', () => {
    const ctx = makeContext({
      now: new Date(NOW),
      tripUpdates: [makeTripUpdate('tu-101', 'STH-101', { skippedStopIds: ['WDS'], stopTimeUpdates: 1 })],
      alerts: [
        skipAlert('a-101', 'STH-101'),
        skipAlert('over', 'STH-103', 'WDS', { periods: [{ start: at('05:00'), end: at('05:30') }] }),
        makeAlert('stop', { informed: [{ stopId: 'WDS', routeId: 'STH' }] }),
        skipAlert('note', 'STH-105', 'WDS', { effect: 'OTHER_EFFECT' }),
      ],
    });
    expect(check(ctx)).toEqual([]);
  });

  it('accepts a stop restriction alert while the train keeps the restriction, not a closure alert', () => {
    const restricted = makeTripUpdate('tu-101', 'STH-101', {
      restrictedStopIds: ['WDS'],
      stopTimeUpdates: 1,
    });
    const modified = { effect: 'MODIFIED_SERVICE' };
    expect(
      check(makeContext({ tripUpdates: [restricted], alerts: [skipAlert('a', 'STH-101', 'WDS', modified)] })),
    ).toEqual([]);
    // A closure (NO_SERVICE) is not kept true by riders only getting off there.
    expect(
      check(makeContext({ tripUpdates: [restricted], alerts: [skipAlert('a', 'STH-101')] })),
    ).toHaveLength(1);
    const lifted = makeTripUpdate('tu-101', 'STH-101', { stopTimeUpdates: 1 });
    expect(
      check(makeContext({ tripUpdates: [lifted], alerts: [skipAlert('a', 'STH-101', 'WDS', modified)] })),
    ).toHaveLength(1);
  });

  it("finds a disruption's alert about a stop on a whole route that counts a cancelled train", () => {
    const routeWide = makeAlert('a-route', { informed: [{ routeId: 'STH', stopId: 'WDS' }] });
    const link = (partial?: boolean) => ({
      alertId: 'a-route',
      disruptionId: 'd-1',
      trips: [
        { tripId: 'STH-101', startDate: TODAY },
        { tripId: 'STH-103', startDate: TODAY },
      ],
      ...(partial ? { partial } : {}),
    });
    const tripUpdates = [
      makeTripUpdate('tu-101', 'STH-101', { cancelled: true }),
      makeTripUpdate('tu-103', 'STH-103', { skippedStopIds: ['WDS'], stopTimeUpdates: 1 }),
    ];
    // The full link and a partial one name 101 twice: said once.
    const found = check(makeContext({ tripUpdates, alerts: [routeWide], alertLinks: [link(), link(true)] }));
    expect(found.map((f) => [f.message, f.outlived])).toEqual([
      [
        'Alert a-route says trains do not stop, but train 101 (20250923) is cancelled; end the alert or draft it again.',
        [{ tripId: 'STH-101', startDate: TODAY }],
      ],
    ]);
    // A train still skipping it, one without a link, or an alert naming no stop: nothing to say.
    const running = [tripUpdates[1]!];
    expect(check(makeContext({ tripUpdates: running, alerts: [routeWide], alertLinks: [link()] }))).toEqual(
      [],
    );
    expect(check(makeContext({ tripUpdates, alerts: [routeWide] }))).toEqual([]);
    const wholeRoute = makeAlert('a-route', { informed: [{ routeId: 'STH' }] });
    expect(check(makeContext({ tripUpdates, alerts: [wholeRoute], alertLinks: [link()] }))).toEqual([]);
  });
});
