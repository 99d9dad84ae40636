import type { AlertLink, ConsistencyContext, ConsistencySchedule, LiveAlert } from '../context.ts';
import { type Finding, finder } from '../finding.ts';

/**
 * Alert published for a disruption or one trip update that does not name exactly the trips it
 * was published for: its informed entities name other trains, or leave linked
 * ones out, or its text names a train of the same route and date that the change left alone
 * ("Trains 106, 107, 108 … are cancelled" after 106 and 108 were unticked). Alerts about a route
 * or a stop as a whole name no trips and are not judged by their informed entities.
 */
export const code = 'alert_trips_not_linked';
export const severity = 'error';
export const invariant = true;
const report = finder(code, severity);

export function check(ctx: ConsistencyContext): Finding[] {
  const alerts = new Map(ctx.alerts.map((a) => [a.id, a]));
  return ctx.alertLinks.flatMap((link) => {
    const alert = alerts.get(link.alertId);
    // An own alert whose trip update left the feed is judged by the skipped-stop rule, not here.
    // A partial link lists only some of a disruption's trips, not what its alert is about.
    if (!alert || link.trips.length === 0 || link.partial) return [];
    const problems = [
      ...informedProblems(alert, link, ctx.today),
      ...textProblems(alert, link, ctx.schedule),
    ];
    if (problems.length === 0) return [];
    const source = link.disruptionId ? `disruption ${link.disruptionId}` : 'its trip update';
    return [
      report(
        [alert.id],
        `Alert ${alert.id} ${problems.join('; ')}, but ${source} changes ${trainList(link, ctx.schedule)}; name exactly those trains (draft the alert again).`,
      ),
    ];
  });
}

const key = (tripId: string, date: string) => `${tripId}@${date}`;

function informedProblems(alert: LiveAlert, link: AlertLink, today: string): string[] {
  const named = new Set(
    alert.informed.flatMap((sel) => (sel.tripId ? [key(sel.tripId, sel.startDate ?? today)] : [])),
  );
  if (named.size === 0) return [];
  const linked = new Set(link.trips.map((t) => key(t.tripId, t.startDate)));
  const extra = [...named].filter((k) => !linked.has(k)).sort();
  const missing = [...linked].filter((k) => !named.has(k)).sort();
  const problems: string[] = [];
  if (extra.length > 0) problems.push(`is about trips ${shown(extra)}`);
  if (missing.length > 0) problems.push(`leaves out trips ${shown(missing)}`);
  return problems;
}

/** Train numbers of the linked trips' routes that run that day, unlinked, and stand in the text. */
function textProblems(alert: LiveAlert, link: AlertLink, schedule: ConsistencySchedule | null): string[] {
  // Only a number standing in the text can name a train: a text without one names none, and the
  // routes' trips are looked at only for those numbers (every trip of a 5 000-trip disruption's
  // routes was asked whether it runs: 75 ms of the event loop in each check of the invariants).
  const words = new Set(alert.texts.flatMap((t) => numbersIn(t.text)));
  if (!schedule || words.size === 0) return [];
  const linked = new Set(link.trips.map((t) => t.tripId));
  const dates = [...new Set(link.trips.map((t) => t.startDate))];
  const routes = new Set(link.trips.flatMap((t) => schedule.trip(t.tripId)?.routeId ?? []));
  const linkedNumbers = new Set(link.trips.flatMap((t) => schedule.trip(t.tripId)?.trainNumber ?? []));
  const named = new Set<string>();
  for (const routeId of routes)
    for (const trip of schedule.tripsOfRoute(routeId)) {
      if (!words.has(trip.trainNumber) || linked.has(trip.tripId) || linkedNumbers.has(trip.trainNumber))
        continue;
      if (dates.some((d) => schedule.runsOn(trip.serviceId, d))) named.add(trip.trainNumber);
    }
  const sorted = [...named].sort(byNumber);
  return sorted.length > 0
    ? [`names train${sorted.length === 1 ? '' : 's'} ${shown(sorted)} in its text`]
    : [];
}

/** Numbers standing alone in a text: not part of a time (07:18), a date (2025-09-23) or a decimal. */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w:./-])(\d+)(?![\w:/-]|[.,:]\d)/g)].map((m) => m[1]!);
}

function trainList(link: AlertLink, schedule: ConsistencySchedule | null): string {
  const numbers = link.trips.map((t) => schedule?.trip(t.tripId)?.trainNumber ?? t.tripId).sort(byNumber);
  return `train${numbers.length === 1 ? '' : 's'} ${shown(numbers)}`;
}

const SHOWN = 10;
function shown(items: string[]): string {
  const more = items.length > SHOWN ? ` and ${items.length - SHOWN} more` : '';
  return `${items.slice(0, SHOWN).join(', ')}${more}`;
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
