import type { ConsistencyContext, InformedEntity, LiveAlert } from '../context.ts';
import { type Finding, finder } from '../finding.ts';
import { runOn } from '../time.ts';

/**
 * Alert saying a train does not stop somewhere (an informed entity pairing a trip with a stop,
 * as the editors draft for skipped stops) while the train's live update no longer skips it: the
 * train was cancelled, the skip removed or the update gone ("Hayward Park:
 * trains do not stop" live for a cancelled train), or one about the stop on a whole route, published
 * by a disruption that counts a train now cancelled. An alert of a stop restriction (not NO_SERVICE)
 * drafted the same way holds while the train's update keeps riders from boarding or leaving there. Alerts whose periods are over are not shown
 * to riders and are not judged.
 */
export const code = 'skipped_stop_alert_outlived';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);
/** Effects that say a train leaves a stop out (not, say, a platform note). */
const SKIP_EFFECTS = new Set(['NO_SERVICE', 'REDUCED_SERVICE', 'MODIFIED_SERVICE', 'DETOUR']);

export function check(ctx: ConsistencyContext): Finding[] {
  const nowSecs = Math.floor(ctx.now.getTime() / 1000);
  const updates = new Map(
    ctx.tripUpdates.filter((tu) => !tu.extra).map((tu) => [`${tu.tripId}@${tu.startDate}`, tu]),
  );
  return ctx.alerts.flatMap((alert) => {
    if (!SKIP_EFFECTS.has(alert.effect) || !shownFrom(alert, nowSecs)) return [];
    const outlived: { tripId: string; startDate: string }[] = [];
    const problems = alert.informed.filter(isTripAtStop).flatMap((sel) => {
      const date = sel.startDate ?? ctx.today;
      const tu = updates.get(`${sel.tripId}@${date}`);
      const train = `train ${sel.tripId} (${date})`;
      const changed = (problem: string) => {
        outlived.push({ tripId: sel.tripId, startDate: date });
        return [problem];
      };
      if (tu?.cancelled || tu?.deleted) return changed(`${train} is cancelled`);
      if (tu?.skippedStopIds.includes(sel.stopId)) return [];
      // A stop restriction's alert (set down or pick up only) holds while the train keeps it there.
      if (alert.effect !== 'NO_SERVICE' && tu?.restrictedStopIds.includes(sel.stopId)) return [];
      if (tu) return changed(`${train} stops at ${sel.stopId} again`);
      const trip = ctx.schedule?.trip(sel.tripId);
      const run = trip && ctx.schedule ? runOn(ctx.schedule, trip, date) : undefined;
      // A run that is over is time passing, not an act: no act drops it.
      if (run && run.end < nowSecs) return [`${train} has run`];
      return changed(`${train} has no trip update skipping ${sel.stopId}`);
    });
    // About a stop on a whole route (a disruption's trains named in its texts alone): a train it
    // counts that is now cancelled, or calls there again (docs/contract-notes.md "Consistency
    // findings"). A counted train whose update was not read here is not judged.
    const stopIds = alert.informed.flatMap((sel) => sel.stopId ?? []);
    if (alert.informed.every((sel) => !sel.tripId) && stopIds.length > 0) {
      const counted = ctx.alertLinks
        .filter((l) => l.alertId === alert.id && l.disruptionId)
        .flatMap((l) => l.trips);
      const seen = new Set<string>();
      for (const run of counted) {
        const key = `${run.tripId}@${run.startDate}`;
        const tu = updates.get(key);
        if (seen.has(key) || !tu) continue;
        const train = `train ${ctx.schedule?.trip(run.tripId)?.trainNumber ?? run.tripId} (${run.startDate})`;
        const calling = stopIds.filter(
          (stopId) =>
            !tu.skippedStopIds.includes(stopId) &&
            !(alert.effect !== 'NO_SERVICE' && tu.restrictedStopIds.includes(stopId)),
        );
        const problem =
          tu.cancelled || tu.deleted
            ? `${train} is cancelled`
            : calling.length > 0
              ? `${train} stops at ${calling.join(', ')} again`
              : null;
        if (!problem) continue;
        seen.add(key);
        outlived.push(run);
        problems.push(problem);
      }
    }
    if (problems.length === 0) return [];
    return [
      {
        ...report(
          [alert.id],
          `Alert ${alert.id} says trains do not stop, but ${[...new Set(problems)].join('; ')}; end the alert or draft it again.`,
        ),
        ...(outlived.length > 0 ? { outlived } : {}),
      },
    ];
  });
}

const isTripAtStop = (sel: InformedEntity): sel is InformedEntity & { tripId: string; stopId: string } =>
  !!sel.tripId && !!sel.stopId;

/** Riders see it now or later: no period (always), or one not yet over. */
const shownFrom = (alert: LiveAlert, nowSecs: number) =>
  alert.periods.length === 0 || alert.periods.some((p) => p.end === undefined || p.end >= nowSecs);
