import { describe, expect, it } from 'vitest';
import { check } from './cancelled-without-alert.ts';
import { at, makeAlert, makeContext, makeSchedule, makeTripUpdate, TRIPS } from './test-support.ts';

const cancelled = (id: string, tripId: string) => makeTripUpdate(id, tripId, { cancelled: true });

describe('cancelled_without_alert', () => {
  it('finds a cancelled train when the next one of its route and direction leaves more than the gap later', () => {
    // STH-103 (06:40): the next outbound train leaves at 07:15, 35 minutes later
    const ctx = makeContext({ tripUpdates: [cancelled('tu-103', 'STH-103')] });
    expect(check(ctx)).toEqual([
      {
        code: 'cancelled_without_alert',
        severity: 'warning',
        entityIds: ['tu-103'],
        message:
          'Trip STH-103 of 20250923 is cancelled and the next train of its route and direction leaves 35 minutes later, but no alert tells riders; publish an alert for the trip or its route.',
      },
    ]);
  });

  it('does not flag a train with the next one 10 minutes later, unless that one is cancelled too', () => {
    expect(check(makeContext({ tripUpdates: [cancelled('tu-101', 'STH-101')] }))).toEqual([]);
    const both = check(
      makeContext({ tripUpdates: [cancelled('tu-101', 'STH-101'), cancelled('tu-103', 'STH-103')] }),
    );
    expect(both.map((f) => f.entityIds)).toEqual([['tu-101'], ['tu-103']]);
    expect(both[0]!.message).toContain('leaves 45 minutes later');
  });

  it('follows the configured gap and says when no later train runs', () => {
    const ctx = makeContext({ tripUpdates: [cancelled('tu-101', 'STH-101')], headwayGapSecs: 5 * 60 });
    expect(check(ctx).map((f) => f.entityIds)).toEqual([['tu-101']]);
    const last = check(makeContext({ tripUpdates: [cancelled('tu-105', 'STH-105')] }));
    expect(last[0]!.message).toContain('no later train of its route and direction runs that day');
  });

  it('is satisfied by an alert naming the trip or its route during the run, not one for another time', () => {
    const tripAlert = makeAlert('a-1', { informed: [{ tripId: 'STH-103' }] });
    const routeAlert = makeAlert('a-2', { informed: [{ routeId: 'STH' }] });
    const lateAlert = makeAlert('a-3', { informed: [{ routeId: 'STH' }], periods: [{ start: at('12:00') }] });
    const otherDirection = makeAlert('a-4', { informed: [{ routeId: 'STH', directionId: 1 }] });
    const tus = [cancelled('tu-103', 'STH-103')];
    expect(check(makeContext({ tripUpdates: tus, alerts: [tripAlert] }))).toEqual([]);
    expect(check(makeContext({ tripUpdates: tus, alerts: [routeAlert] }))).toEqual([]);
    expect(check(makeContext({ tripUpdates: tus, alerts: [lateAlert, otherDirection] }))).toHaveLength(1);
  });

  it('tells directions apart by the last stop when the schedule has no direction_id', () => {
    const schedule = makeSchedule(TRIPS.map((t) => ({ ...t, directionId: null })));
    const ctx = makeContext({ tripUpdates: [cancelled('tu-103', 'STH-103')], schedule });
    expect(check(ctx).map((f) => f.message)).toEqual([expect.stringContaining('leaves 35 minutes later')]);
  });

  it('leaves deleted trips (replaced service) alone', () => {
    const deleted = makeTripUpdate('tu-103', 'STH-103', { deleted: true });
    expect(check(makeContext({ tripUpdates: [deleted] }))).toEqual([]);
  });
});
