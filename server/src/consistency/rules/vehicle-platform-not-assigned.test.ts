import { describe, expect, it } from 'vitest';
import type { LiveVehicle } from '../context.ts';
import { makeContext, makeTripUpdate, TODAY } from './test-support.ts';
import { check } from './vehicle-platform-not-assigned.ts';

const moved = makeTripUpdate('tu-101', 'STH-101', {
  stopTimeUpdates: 1,
  assignedPlatforms: [{ stopSequence: 1, stopId: 'CPT', assignedStopId: 'CPT4' }],
});
const vehicle = (extra: Partial<LiveVehicle>): LiveVehicle => ({
  id: 'vp-101',
  tripId: 'STH-101',
  startDate: TODAY,
  ...extra,
});

describe('vehicle_platform_not_assigned', () => {
  it('flags a position naming the scheduled platform, by sequence or by stop, or a third platform', () => {
    const finding = (stopId: string) => ({
      code: 'vehicle_platform_not_assigned',
      severity: 'warning',
      entityIds: ['vp-101', 'tu-101'],
      message: `Vehicle vp-101 of train 101 names stop ${stopId} at CPT, but trip update tu-101 moves that call to platform CPT4; send the position with stop_id CPT4, or change the trip update.`,
    });
    const ctx = (v: LiveVehicle) => makeContext({ tripUpdates: [moved], vehicles: [v] });
    expect(check(ctx(vehicle({ stopId: 'CPT', currentStopSequence: 1 })))).toEqual([finding('CPT')]);
    expect(check(ctx(vehicle({ stopId: 'CPT' })))).toEqual([finding('CPT')]);
    expect(check(ctx(vehicle({ stopId: 'WDS', currentStopSequence: 1 })))).toEqual([finding('WDS')]);
  });

  it('accepts the assigned platform, other calls, another date and a cancelled train', () => {
    const ctx = (v: LiveVehicle, tu = moved) => makeContext({ tripUpdates: [tu], vehicles: [v] });
    expect(check(ctx(vehicle({ stopId: 'CPT4', currentStopSequence: 1 })))).toEqual([]);
    expect(check(ctx(vehicle({ stopId: 'CPT4' })))).toEqual([]);
    expect(check(ctx(vehicle({ stopId: 'WDS', currentStopSequence: 2 })))).toEqual([]);
    expect(check(ctx(vehicle({ stopId: 'CPT', startDate: '20250922' })))).toEqual([]);
    expect(check(ctx(vehicle({ stopId: 'CPT' }), { ...moved, cancelled: true }))).toEqual([]);
    expect(check(ctx(vehicle({ currentStopSequence: 1 })))).toEqual([]);
  });
});
