import { describe, expect, it } from 'vitest';
import type { ReplacementBusRun } from '../context.ts';
import { check } from './replacement-bus-on-rail-route.ts';
import { makeContext, TODAY } from './test-support.ts';

const bus = (extra: Partial<ReplacementBusRun>): ReplacementBusRun => ({
  entityId: `STH-101-bus-${TODAY}`,
  tripId: `STH-101-bus-${TODAY}`,
  startDate: TODAY,
  disruptionId: 'd1',
  replacesTripId: 'STH-101',
  routeId: 'BUS',
  routeType: 3,
  marginSecs: 300,
  connections: [],
  ...extra,
});

describe('replacement_bus_on_rail_route', () => {
  it('finds a replacement bus on a rail route, or on a route the schedule lacks', () => {
    const ctx = makeContext({
      replacementBuses: [
        bus({ routeId: 'STH', routeType: 2 }),
        bus({ entityId: 'b2', tripId: 'b2', routeId: 'GONE', routeType: undefined }),
      ],
    });
    expect(check(ctx)).toEqual([
      {
        code: 'replacement_bus_on_rail_route',
        severity: 'error',
        entityIds: [`STH-101-bus-${TODAY}`],
        message: `Replacement bus STH-101-bus-${TODAY} for train STH-101 (${TODAY}) runs on route 'STH', whose route_type is 2, not a bus route: riders' apps would show it as a train. Give it a bus route (route_type 3), or lift the disruption and replace the trains again on one.`,
      },
      expect.objectContaining({
        entityIds: ['b2'],
        message: expect.stringContaining("runs on route 'GONE', which the current schedule does not have"),
      }),
    ]);
  });

  it('passes a bus on route_type 3 or an extended bus type (700–799)', () => {
    const ctx = makeContext({ replacementBuses: [bus({}), bus({ entityId: 'b2', routeType: 714 })] });
    expect(check(ctx)).toEqual([]);
    expect(check(makeContext())).toEqual([]);
  });
});
