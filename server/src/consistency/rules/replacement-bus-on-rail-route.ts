import { isBusRouteType } from '../../disruptions/plan-replacement-bus.ts';
import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * A replacement bus of a disruption (replace_by_bus) published on a route that is not a bus route
 * of the current schedule (route_type 3, or 700–799): riders' apps show a route's mode from its
 * route_type, so the bus would be shown as a train (docs/contract-notes.md "Dated trips and
 * disruptions"). The apply refuses a rail route; this holds after a controller's edit of the bus
 * or a new timetable too.
 */
export const code = 'replacement_bus_on_rail_route';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  return (ctx.replacementBuses ?? []).flatMap((bus) => {
    if (isBusRouteType(bus.routeType)) return [];
    const on =
      bus.routeId === null
        ? 'names no route'
        : bus.routeType === undefined
          ? `runs on route '${bus.routeId}', which the current schedule does not have`
          : `runs on route '${bus.routeId}', whose route_type is ${bus.routeType ?? 'empty'}, not a bus route`;
    return [
      report(
        [bus.entityId],
        `Replacement bus ${bus.tripId} for train ${bus.replacesTripId} (${bus.startDate}) ${on}: riders' apps would show it as a train. Give it a bus route (route_type 3), or lift the disruption and replace the trains again on one.`,
      ),
    ];
  });
}
