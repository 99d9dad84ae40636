import type { ConsistencyContext, ReplacementConnection } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * A connection between a train and its replacement bus that riders cannot make: the bus leaves
 * the section's first end less than the margin after the train's part before arrives there, or
 * reaches the other end less than the margin before the train's part after leaves, as the live
 * feed times them (docs/contract-notes.md "Dated trips and disruptions": the bus waits for the
 * train, the part after is held and its hold published). The margin is the disruption's
 * marginMinutes, the one the planner (plan-replacement-bus.ts) kept.
 */
export const code = 'replacement_connection_missed';
export const severity = 'error';
/**
 * Reported, not refused: a train running later than when its bus was planned is the truth and is
 * published (a delay pushed, or a delay disruption over the buses); the finding tells the controller
 * to delay the bus or replace the train again. A controller's own save of the delay keeps the
 * connection instead (keep-replacement-connections.ts: the bus waits, the part after is held).
 * Every disruption's own plan keeps the connections (plan-replacement-bus.ts, tested with this rule).
 */
export const invariant = false;
const report = finder(code, severity);

/** Seconds riders have to change at a connection (negative: the other one has gone). */
export const changeSecs = (c: ReplacementConnection) =>
  c.kind === 'to_bus' ? c.busSecs - c.trainSecs : c.trainSecs - c.busSecs;

export function check(ctx: ConsistencyContext): Finding[] {
  const tz = ctx.schedule?.timezone ?? 'UTC';
  const clock = (secs: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(secs * 1000);
  return (ctx.replacementBuses ?? []).flatMap((bus) =>
    bus.connections.flatMap((c) => {
      if (changeSecs(c) >= bus.marginSecs) return [];
      const margin = Math.round(bus.marginSecs / 60);
      const what =
        c.kind === 'to_bus'
          ? `train ${bus.replacesTripId} arrives at ${c.stopId} at ${clock(c.trainSecs)} and its replacement bus ${bus.tripId} leaves at ${clock(c.busSecs)}`
          : `replacement bus ${bus.tripId} arrives at ${c.stopId} at ${clock(c.busSecs)} and train ${bus.replacesTripId} goes on at ${clock(c.trainSecs)}`;
      const fix =
        c.kind === 'to_bus'
          ? 'Delay the bus, or lift the disruption and replace the train again (its bus then waits for it as late as it runs).'
          : 'Hold the train and publish its delay, or lift the disruption and replace the train again.';
      return [
        report(
          [bus.entityId],
          `Riders miss the connection of ${bus.startDate}: ${what}, ${margin > 0 ? `less than the ${margin} minutes they need to change` : 'before they are there'}. ${fix}`,
        ),
      ];
    }),
  );
}
