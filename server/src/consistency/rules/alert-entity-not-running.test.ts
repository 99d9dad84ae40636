import { describe, expect, it } from 'vitest';
import { check } from './alert-entity-not-running.ts';
import { at, makeAlert, makeContext } from './test-support.ts';

describe('alert_entity_not_running', () => {
  it('finds a weekend trip and a route direction that do not run during a weekday morning alert', () => {
    const alert = makeAlert('a-1', {
      effect: 'SIGNIFICANT_DELAYS',
      informed: [
        { tripId: 'STH-151' },
        { tripId: 'STH-101' },
        { routeId: 'NTH', directionId: 1 },
        { routeId: 'STH' },
      ],
    });
    expect(check(makeContext({ alerts: [alert] }))).toEqual([
      {
        code: 'alert_entity_not_running',
        severity: 'warning',
        entityIds: ['a-1'],
        message:
          "Alert a-1 names trip STH-151, which does not run during the alert's period; correct the period or what the alert names.",
      },
      {
        code: 'alert_entity_not_running',
        severity: 'warning',
        entityIds: ['a-1'],
        message:
          "Alert a-1 names route NTH, which does not run during the alert's period; correct the period or what the alert names.",
      },
    ]);
  });

  it('judges a trip by its run overlapping the period, and leaves alerts without a period alone', () => {
    const evening = makeAlert('a-2', {
      informed: [{ tripId: 'STH-101' }],
      periods: [{ start: at('18:00'), end: at('20:00') }],
    });
    expect(check(makeContext({ alerts: [evening] }))).toHaveLength(1);
    const always = makeAlert('a-3', { informed: [{ tripId: 'STH-151' }], periods: [] });
    expect(check(makeContext({ alerts: [always] }))).toEqual([]);
  });
});
