import type { FeedEntityJson } from '@feeddesk/proto';
import type { NetworkIndex } from './read-network-index.ts';

export type AlertJson = NonNullable<FeedEntityJson['alert']>;
type Selector = NonNullable<AlertJson['informedEntity']>[number];

/** What riders follow: routes and stops; an empty filter follows the whole network. */
export type AlertFilter = { routes: readonly string[]; stops: readonly string[] };

/**
 * The routes an alert is about (docs/contract-notes.md "Riders' pages"): the routes it informs,
 * the routes of the trips it informs, and the routes calling at the stops it informs. An alert
 * naming only the agency is about every route. Shared by the status page, the Atom feed and the
 * e-mails, so each says the same.
 */
export function routesOfAlert(alert: AlertJson, network: NetworkIndex): Set<string> {
  const found = new Set<string>();
  for (const selector of alert.informedEntity ?? []) {
    for (const routeId of routesOfSelector(selector, network)) found.add(routeId);
  }
  return found;
}

function routesOfSelector(selector: Selector, network: NetworkIndex): string[] {
  if (selector.routeId) return [selector.routeId];
  const trip = selector.trip;
  if (trip?.routeId) return [trip.routeId];
  if (trip?.tripId) {
    const routeId = network.routeOfTrip.get(trip.tripId);
    return routeId ? [routeId] : [];
  }
  if (selector.stopId) return [...(network.routesAtStop.get(selector.stopId) ?? [])];
  if (selector.routeType !== undefined)
    return network.routes.filter((r) => r.routeType === selector.routeType).map((r) => r.routeId);
  if (selector.agencyId) return network.routes.map((r) => r.routeId);
  return [];
}

/** True when the alert names the agency only (no route, trip, stop nor route type): the whole network. */
export function isNetworkWide(alert: AlertJson): boolean {
  return (alert.informedEntity ?? []).some(
    (s) => !s.routeId && !s.trip && !s.stopId && s.routeType === undefined && s.agencyId !== undefined,
  );
}

/**
 * True when riders following `filter` are told of the alert: it is about one of its routes
 * (routesOfAlert), or it informs one of its stops (a platform and its station are the same stop
 * to a rider), or it informs a whole route that calls at one of them, or the whole network.
 */
export function alertMatches(alert: AlertJson, filter: AlertFilter, network: NetworkIndex): boolean {
  if (filter.routes.length === 0 && filter.stops.length === 0) return true;
  if (isNetworkWide(alert)) return true;
  if (filter.routes.length > 0) {
    const routes = routesOfAlert(alert, network);
    if (filter.routes.some((r) => routes.has(r))) return true;
  }
  if (filter.stops.length === 0) return false;
  const stations = new Set(filter.stops.map((s) => network.stationOf.get(s) ?? s));
  for (const selector of alert.informedEntity ?? []) {
    if (selector.stopId) {
      if (stations.has(network.stationOf.get(selector.stopId) ?? selector.stopId)) return true;
    } else if (selector.routeId && !selector.trip) {
      for (const stop of filter.stops) if (network.routesAtStop.get(stop)?.has(selector.routeId)) return true;
    }
  }
  return false;
}
