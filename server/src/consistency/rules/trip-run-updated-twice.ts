import type { ConsistencyContext } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * One run of a scheduled trip served by two trip updates (saved under two ids, e.g. a CAD push
 * under its own ids for a train the controller had already changed). GTFS-RT allows one TripUpdate
 * per trip instance: a journey planner keeps one of them, and what the other says (a skipped stop
 * an alert names, a cancellation) is lost to riders. Extra trains (ADDED, NEW, DUPLICATED) are
 * their own runs and are not compared.
 */
export const code = 'trip_run_updated_twice';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const byRun = new Map<string, string[]>();
  for (const tu of ctx.tripUpdates) {
    if (tu.extra) continue;
    const run = `${tu.tripId}\u0000${tu.startDate}`;
    byRun.set(run, [...(byRun.get(run) ?? []), tu.id]);
  }
  return [...byRun.entries()].flatMap(([run, ids]) => {
    if (ids.length < 2) return [];
    const [tripId, startDate] = run.split('\u0000');
    return [
      report(
        ids,
        `Train ${tripId} (${startDate}) has ${ids.length} trip updates (${ids.join(', ')}); a journey planner reads only one. Change the train under one id and delete the other.`,
      ),
    ];
  });
}
