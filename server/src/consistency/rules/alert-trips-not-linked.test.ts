import { describe, expect, it } from 'vitest';
import type { AlertLink } from '../context.ts';
import { check } from './alert-trips-not-linked.ts';
import { makeAlert, makeContext, TODAY } from './test-support.ts';

const link = (alertId: string, tripIds: string[], disruptionId: string | null = 'd-1'): AlertLink => ({
  alertId,
  disruptionId,
  trips: tripIds.map((tripId) => ({ tripId, startDate: TODAY })),
});
const tripsNamed = (...tripIds: string[]) => tripIds.map((tripId) => ({ tripId, startDate: TODAY }));
const header = (text: string) => [{ field: 'header', language: 'en', text }];

describe('alert_trips_not_linked', () => {
  it('finds informed entities naming other trips than the disruption changes', () => {
    const alert = makeAlert('a-1', { informed: tripsNamed('STH-101', 'STH-103') });
    const ctx = makeContext({ alerts: [alert], alertLinks: [link('a-1', ['STH-103', 'STH-105'])] });
    expect(check(ctx)).toEqual([
      {
        code: 'alert_trips_not_linked',
        severity: 'error',
        entityIds: ['a-1'],
        message:
          'Alert a-1 is about trips STH-101@20250923; leaves out trips STH-105@20250923, but disruption d-1 changes trains 103, 105; name exactly those trains (draft the alert again).',
      },
    ]);
  });

  it('finds a text naming a train of the route that the change left alone (unticked)', () => {
    const alert = makeAlert('a-1', {
      informed: tripsNamed('STH-103'),
      texts: header('Trains 101, 103 and 105 are cancelled at 07:15 on 2025-09-23.'),
    });
    const ctx = makeContext({ alerts: [alert], alertLinks: [link('a-1', ['STH-103'], null)] });
    expect(check(ctx).map((f) => f.message)).toEqual([
      'Alert a-1 names trains 101, 105 in its text, but its trip update changes train 103; name exactly those trains (draft the alert again).',
    ]);
  });

  it('accepts an alert naming exactly its trips, a route-wide alert, and numbers that are times or other routes', () => {
    const exact = makeAlert('a-1', {
      informed: tripsNamed('STH-101', 'STH-103'),
      texts: header('Trains 101, 103 are cancelled. Next train 07:15; train 201 of the Northern line runs.'),
    });
    const routeWide = makeAlert('a-2', {
      informed: [{ routeId: 'STH' }],
      texts: header('Delays of 105 minutes'),
    });
    const ctx = makeContext({
      alerts: [exact, routeWide],
      alertLinks: [link('a-1', ['STH-101', 'STH-103']), link('a-2', ['STH-105']), link('gone', ['STH-101'])],
    });
    expect(check(ctx)).toEqual([]);
  });
});
