import type { ConsistencyContext, LiveAlert } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Alert saying a train does not run (NO_SERVICE naming the trip without a stop, as a cancellation
 * is drafted, or about a whole route for a disruption that cancelled the train) while the train's
 * live update has it running: it was reinstated, and riders read
 * "cancelled" beside its predicted times (docs/contract-notes.md "Consistency findings"). A
 * train without a live update is not judged: an announcement may come before the cancellation
 * itself, and an update deleted can be undone. Alerts whose periods are over are not judged.
 */
export const code = 'cancellation_alert_outlived';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const nowSecs = Math.floor(ctx.now.getTime() / 1000);
  const updates = new Map(ctx.tripUpdates.map((tu) => [`${tu.tripId}@${tu.startDate}`, tu]));
  return ctx.alerts.flatMap((alert) => {
    if (alert.effect !== 'NO_SERVICE' || !shownFrom(alert, nowSecs)) return [];
    const running = (run: { tripId: string; startDate: string }) => {
      const tu = updates.get(`${run.tripId}@${run.startDate}`);
      return !!tu && !tu.cancelled && !tu.deleted;
    };
    // About a whole route and period, it is about the trains of the disruption that published it.
    const wholeRoutes = alert.informed.every((sel) => !sel.tripId && !sel.stopId);
    const runs = wholeRoutes
      ? ctx.alertLinks.filter((l) => l.alertId === alert.id && l.disruptionId).flatMap((l) => l.trips)
      : alert.informed.flatMap((sel) =>
          sel.tripId && !sel.stopId ? [{ tripId: sel.tripId, startDate: sel.startDate ?? ctx.today }] : [],
        );
    // A run may come twice: from the disruption's trips and from its outlived runs (partial links).
    const outlived = [
      ...new Map(runs.filter(running).map((r) => [`${r.tripId}@${r.startDate}`, r])).values(),
    ];
    if (outlived.length === 0) return [];
    const trains = outlived.map(
      (t) => `${ctx.schedule?.trip(t.tripId)?.trainNumber ?? t.tripId} (${t.startDate})`,
    );
    const plural = trains.length > 1;
    return [
      {
        ...report(
          [alert.id],
          `Alert ${alert.id} says train${plural ? 's' : ''} ${trains.join(', ')} ${plural ? 'do' : 'does'} not run, but ${plural ? 'their updates have them' : 'its update has it'} running; end the alert or leave ${plural ? 'them' : 'it'} out of it.`,
        ),
        outlived,
      },
    ];
  });
}

/** Riders see it now or later: no period (always), or one not yet over. */
const shownFrom = (alert: LiveAlert, nowSecs: number) =>
  alert.periods.length === 0 || alert.periods.some((p) => p.end === undefined || p.end >= nowSecs);
