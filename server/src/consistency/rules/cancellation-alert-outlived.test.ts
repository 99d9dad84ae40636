import { describe, expect, it } from 'vitest';
import { check } from './cancellation-alert-outlived.ts';
import { at, makeAlert, makeContext, makeTripUpdate, TODAY } from './test-support.ts';

const cancelAlert = (id: string, tripIds: string[], extra = {}) =>
  makeAlert(id, { informed: tripIds.map((tripId) => ({ tripId, startDate: TODAY })), ...extra });

describe('cancellation_alert_outlived', () => {
  it('finds an alert saying trains do not run while an update has one running, naming only those', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101', { stopTimeUpdates: 1 }),
        makeTripUpdate('tu-103', 'STH-103', { cancelled: true }),
      ],
      alerts: [cancelAlert('a', ['STH-101', 'STH-103', 'STH-105'])],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'cancellation_alert_outlived',
        severity: 'error',
        entityIds: ['a'],
        message:
          'Alert a says train 101 (20250923) does not run, but its update has it running; end the alert or leave it out of it.',
        outlived: [{ tripId: 'STH-101', startDate: TODAY }],
      },
    ]);
  });

  it('reads an alert about a whole route by the trains of the disruption that published it', () => {
    const ctx = makeContext({
      tripUpdates: [makeTripUpdate('tu-101', 'STH-101', { stopTimeUpdates: 1 })],
      alerts: [makeAlert('route', { informed: [{ routeId: 'STH' }] })],
      alertLinks: [
        {
          alertId: 'route',
          disruptionId: 'd-1',
          trips: [
            { tripId: 'STH-101', startDate: TODAY },
            { tripId: 'STH-103', startDate: TODAY },
          ],
        },
      ],
    });
    expect(check(ctx).map((f) => f.outlived)).toEqual([[{ tripId: 'STH-101', startDate: TODAY }]]);
  });

  it('accepts cancelled or absent updates, other effects, stop alerts and alerts that are over', () => {
    const ctx = makeContext({
      tripUpdates: [
        makeTripUpdate('tu-101', 'STH-101', { stopTimeUpdates: 1 }),
        makeTripUpdate('tu-103', 'STH-103', { cancelled: true }),
      ],
      alerts: [
        cancelAlert('cancelled', ['STH-103', 'STH-105']),
        cancelAlert('delays', ['STH-101'], { effect: 'SIGNIFICANT_DELAYS' }),
        makeAlert('skip', { informed: [{ tripId: 'STH-101', startDate: TODAY, stopId: 'WDS' }] }),
        cancelAlert('over', ['STH-101'], { periods: [{ start: at('04:00'), end: at('05:00') }] }),
        makeAlert('route', { informed: [{ routeId: 'STH' }] }),
      ],
    });
    expect(check(ctx)).toEqual([]);
  });
});
