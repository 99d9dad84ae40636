import type { FeedEntityJson } from '@feeddesk/proto';
import { type AlertJson, isNetworkWide, routesOfAlert } from './match-alert.ts';
import type { NetworkIndex, RiderRoute } from './read-network-index.ts';

/**
 * A route's status now, worst first (docs/contract-notes.md "Riders' pages"): part of it suspended
 * (a train cancelled or skipping stops, an alert of no or reduced service or a detour in effect),
 * delays (a train 5 minutes late or more, an alert of significant delays in effect), planned works
 * ahead (an alert whose impact starts later), else good service.
 */
export const ROUTE_STATUSES = ['part_suspended', 'delays', 'planned_works_ahead', 'good_service'] as const;
export type RouteStatusCode = (typeof ROUTE_STATUSES)[number];

/** A train this late (at any stop, or as a whole) makes its route's status "delays". */
export const DELAYS_FROM_SECS = 5 * 60;
const SUSPENDING_EFFECTS = new Set(['NO_SERVICE', 'REDUCED_SERVICE', 'DETOUR']);
const DELAYING_EFFECTS = new Set(['SIGNIFICANT_DELAYS']);

type Period = { start?: number; end?: number };

/** One live alert as riders are told of it, its texts in every language it has. */
export type RiderAlert = {
  id: string;
  effect: string;
  cause: string;
  header: Texts;
  description: Texts;
  url: Texts;
  /** When it is shown (communication_period, else active_period); empty: always. */
  communicationPeriods: Period[];
  /** When service is affected (impact_period, else active_period); empty: always. */
  impactPeriods: Period[];
  /** Its impact is under way now. */
  inEffect: boolean;
  /** Its impact starts later: the start of the first period ahead (seconds). */
  aheadFrom: number | null;
  /** The end of that period, when it has one. */
  aheadUntil: number | null;
};

/** Translations of one text: [language tag or '' for untagged, text]. */
export type Texts = [string, string][];

export type RouteStatus = {
  route: RiderRoute;
  status: RouteStatusCode;
  /** The largest delay of a train of the route in the feed, in whole minutes (0 when none). */
  maxDelayMinutes: number;
  cancelledTrips: number;
  /** Trains of the route skipping at least one stop. */
  skippingTrips: number;
  alerts: RiderAlert[];
};

export type NetworkStatus = {
  /** Seconds: the moment the statuses describe. */
  at: number;
  timezone: string;
  routes: RouteStatus[];
  /** Alerts about the whole network (the agency), shown above the routes. */
  networkAlerts: RiderAlert[];
};

/**
 * Each route's status from the served feeds' entities (FeedSnapshot.rows) and the schedule's
 * network, at `now`: pure, linear in the feed's size, so it is worked out once per change of the
 * feeds (or minute) and every page of riders reads the result.
 */
export function findRouteStatuses(input: {
  alerts: readonly unknown[];
  tripUpdates: readonly unknown[];
  network: NetworkIndex;
  now: Date;
}): NetworkStatus {
  const { network } = input;
  const at = Math.floor(input.now.getTime() / 1000);
  const byRoute = new Map<string, RouteStatus>(
    network.routes.map((route) => [
      route.routeId,
      { route, status: 'good_service', maxDelayMinutes: 0, cancelledTrips: 0, skippingTrips: 0, alerts: [] },
    ]),
  );
  const worse = (entry: RouteStatus, status: RouteStatusCode) => {
    if (ROUTE_STATUSES.indexOf(status) < ROUTE_STATUSES.indexOf(entry.status)) entry.status = status;
  };

  for (const row of input.tripUpdates) {
    const update = (row as FeedEntityJson).tripUpdate;
    if (!update) continue;
    const trip = update.trip;
    const routeId = trip?.routeId || (trip?.tripId ? network.routeOfTrip.get(trip.tripId) : undefined);
    const entry = routeId ? byRoute.get(routeId) : undefined;
    if (!entry) continue;
    const relationship = trip?.scheduleRelationship;
    if (relationship === 'CANCELED' || relationship === 'DELETED') {
      entry.cancelledTrips++;
      worse(entry, 'part_suspended');
      continue;
    }
    let delay = update.delay ?? 0;
    let skips = false;
    for (const call of update.stopTimeUpdate ?? []) {
      if (call.scheduleRelationship === 'SKIPPED') skips = true;
      delay = Math.max(delay, call.arrival?.delay ?? 0, call.departure?.delay ?? 0);
    }
    if (skips) {
      entry.skippingTrips++;
      worse(entry, 'part_suspended');
    }
    entry.maxDelayMinutes = Math.max(entry.maxDelayMinutes, Math.floor(delay / 60));
    if (delay >= DELAYS_FROM_SECS) worse(entry, 'delays');
  }

  const networkAlerts: RiderAlert[] = [];
  for (const row of input.alerts) {
    const entity = row as FeedEntityJson;
    if (!entity.alert || !entity.id) continue;
    const alert = riderAlert(entity.id, entity.alert, at);
    if (!alert) continue;
    if (isNetworkWide(entity.alert)) {
      networkAlerts.push(alert);
      continue;
    }
    for (const routeId of routesOfAlert(entity.alert, network)) {
      const entry = byRoute.get(routeId);
      if (!entry) continue;
      entry.alerts.push(alert);
      if (alert.inEffect && SUSPENDING_EFFECTS.has(alert.effect)) worse(entry, 'part_suspended');
      else if (alert.inEffect && DELAYING_EFFECTS.has(alert.effect)) worse(entry, 'delays');
      else if (alert.aheadFrom !== null) worse(entry, 'planned_works_ahead');
    }
  }
  // In effect first, then by when they start.
  const order = (a: RiderAlert, b: RiderAlert) =>
    Number(b.inEffect) - Number(a.inEffect) ||
    (a.aheadFrom ?? 0) - (b.aheadFrom ?? 0) ||
    a.id.localeCompare(b.id);
  for (const entry of byRoute.values()) entry.alerts.sort(order);
  networkAlerts.sort(order);
  return { at, timezone: network.timezone, routes: [...byRoute.values()], networkAlerts };
}

/** The alert as riders are told of it now, or null when its communication has ended. */
export function riderAlert(id: string, alert: AlertJson, at: number): RiderAlert | null {
  const active = periods(alert.activePeriod);
  const communicated = periods(alert.communicationPeriod);
  const communicationPeriods = communicated.length > 0 ? communicated : active;
  const impactPeriods = periods(alert.impactPeriod).length > 0 ? periods(alert.impactPeriod) : active;
  if (
    communicationPeriods.length > 0 &&
    communicationPeriods.every((p) => p.end !== undefined && p.end <= at)
  )
    return null;
  const inEffect =
    impactPeriods.length === 0 ||
    impactPeriods.some((p) => (p.start ?? 0) <= at && (p.end === undefined || at < p.end));
  const ahead = inEffect
    ? undefined
    : impactPeriods
        .filter((p) => p.start !== undefined && p.start > at)
        .sort((a, b) => a.start! - b.start!)[0];
  return {
    id,
    effect: alert.effect ?? 'UNKNOWN_EFFECT',
    cause: alert.cause ?? 'UNKNOWN_CAUSE',
    header: texts(alert.headerText),
    description: texts(alert.descriptionText),
    url: texts(alert.url),
    communicationPeriods,
    impactPeriods,
    inEffect,
    aheadFrom: ahead?.start ?? null,
    aheadUntil: ahead?.end ?? null,
  };
}

function periods(list: { start?: number; end?: number }[] | undefined): Period[] {
  return (list ?? []).map((p) => ({
    ...(p.start ? { start: Number(p.start) } : {}),
    ...(p.end ? { end: Number(p.end) } : {}),
  }));
}

function texts(field: { translation?: { text?: string; language?: string }[] } | undefined): Texts {
  return (field?.translation ?? []).filter((t) => t.text).map((t) => [t.language ?? '', t.text!]);
}

/**
 * The text of `texts` riders reading `lang` get: in that language, else in its base language
 * (`en` for `en-ZA`), else the untagged one, else the operator's default language's, else the first.
 */
export function textIn(
  texts: Texts,
  lang: string,
  defaultLanguage: string,
): { text: string; lang: string } | null {
  const lower = lang.toLowerCase();
  const base = lower.split('-')[0];
  const pick =
    texts.find(([l]) => l.toLowerCase() === lower) ??
    texts.find(([l]) => l !== '' && l.toLowerCase().split('-')[0] === base) ??
    texts.find(([l]) => l === '') ??
    texts.find(([l]) => l.toLowerCase() === defaultLanguage.toLowerCase()) ??
    texts[0];
  if (!pick) return null;
  return { text: pick[1], lang: pick[0] || defaultLanguage };
}
