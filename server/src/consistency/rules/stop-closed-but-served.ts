import type { ConsistencyContext, LiveAlert } from '../context.ts';
import { type Finding, finder } from '../finding.ts';
import { meetsPeriods, serviceDatesOf } from '../time.ts';

/**
 * Alert with effect NO_SERVICE on a stop while trains still call there (not SKIPPED, not
 * cancelled) during its period: riders are told the stop is closed, the trip updates say
 * otherwise (docs/contract-notes.md `stop_closed_but_served`). Calls already past are not counted.
 */
export const code = 'stop_closed_but_served';
export const severity = 'error';
const report = finder(code, severity);
const SHOWN = 5;

export function check(ctx: ConsistencyContext): Finding[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const nowSecs = Math.floor(ctx.now.getTime() / 1000);
  // An extra train names the trip it copies: it must not stand for that trip's own update.
  const updates = new Map(
    ctx.tripUpdates.filter((tu) => !tu.extra).map((tu) => [`${tu.tripId}@${tu.startDate}`, tu]),
  );
  const findings: Finding[] = [];
  for (const alert of ctx.alerts.filter((a) => a.effect === 'NO_SERVICE')) {
    const dates = serviceDatesOf(alert, ctx.today, schedule.timezone);
    for (const { stopId, routeId } of closedStops(alert)) {
      const served: string[] = [];
      for (const date of dates) {
        const dayStart = schedule.dayStart(date);
        for (const call of schedule.callsAt(stopId)) {
          const trip = schedule.trip(call.tripId);
          const at = dayStart + call.secs;
          if (!trip || (routeId && trip.routeId !== routeId) || at < nowSecs) continue;
          if (!schedule.runsOn(trip.serviceId, date) || !meetsPeriods(alert.periods, at, at)) continue;
          const tu = updates.get(`${trip.tripId}@${date}`);
          if (tu && (tu.cancelled || tu.deleted || tu.skippedStopIds.includes(stopId))) continue;
          served.push(`${trip.tripId} (${date})`);
        }
      }
      if (served.length === 0) continue;
      const more = served.length > SHOWN ? ` and ${served.length - SHOWN} more` : '';
      findings.push(
        report(
          [alert.id],
          `Alert ${alert.id} says stop ${stopId} has no service, but ${served.length} trains still call there during it: ${served.slice(0, SHOWN).join(', ')}${more}; skip the stop in their trip updates or shorten the alert.`,
        ),
      );
    }
  }
  return findings;
}

function closedStops(alert: LiveAlert): { stopId: string; routeId?: string }[] {
  return alert.informed.flatMap((sel) =>
    sel.stopId && !sel.tripId
      ? [{ stopId: sel.stopId, ...(sel.routeId ? { routeId: sel.routeId } : {}) }]
      : [],
  );
}
