import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * A train's position names another platform than its trip update assigns at that call: riders
 * following the train on a map are sent to the scheduled platform (or to a third one, even another
 * station's) while the departure board says the assigned one (docs/contract-notes.md "Platforms in positions").
 * A position saved after the move names the assigned platform itself (carry-train-facts.ts), so
 * this is a position saved before the move, or a producer naming a platform of its own. Warning.
 */
export const code = 'vehicle_platform_not_assigned';
export const severity = 'warning';
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  return ctx.vehicles.flatMap((v) => {
    if (v.stopId === undefined) return [];
    const tu = ctx.tripUpdates.find(
      (t) => t.tripId === v.tripId && t.startDate === v.startDate && !t.cancelled && !t.deleted,
    );
    const call = tu?.assignedPlatforms.find((p) =>
      v.currentStopSequence !== undefined && p.stopSequence !== undefined
        ? p.stopSequence === v.currentStopSequence
        : p.stopId === v.stopId,
    );
    if (!tu || !call || call.assignedStopId === v.stopId) return [];
    const train = ctx.schedule?.trip(v.tripId)?.trainNumber ?? v.tripId;
    const where = call.stopId ? `at ${call.stopId}` : `at stop_sequence ${call.stopSequence}`;
    return [
      report(
        [v.id, tu.id],
        `Vehicle ${v.id} of train ${train} names stop ${v.stopId} ${where}, but trip update ${tu.id} moves that call to platform ${call.assignedStopId}; send the position with stop_id ${call.assignedStopId}, or change the trip update.`,
      ),
    ];
  });
}
