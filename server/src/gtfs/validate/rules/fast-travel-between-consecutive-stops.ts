import type { GtfsFeed } from '../../tables.ts';
import { isFloat } from '../field-format.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';
import { formatTime, isValidTime } from './trip-stop-times.ts';

/**
 * A vehicle would travel implausibly fast between two consecutive stops: times or coordinates are
 * wrong. MobilityData StopTimeTravelSpeedValidator (WARNING), with its per-route_type limits and
 * its extra minute when both times are whole minutes.
 */
export const FAST_TRAVEL_BETWEEN_CONSECUTIVE_STOPS: NoticeSpec = {
  code: 'fast_travel_between_consecutive_stops',
  severity: 'warning',
  description:
    'A trip would travel implausibly fast between two consecutive stops (check times and stop positions).',
};

export const codes = [FAST_TRAVEL_BETWEEN_CONSECUTIVE_STOPS];

/** Max speed (km/h) by route_type: light rail 100, rail 500, subway/bus/trolleybus/monorail 150, ferry 80, ... */
const MAX_KPH: Record<number, number> = {
  0: 100,
  1: 150,
  2: 500,
  3: 150,
  4: 80,
  5: 30,
  6: 50,
  7: 50,
  11: 150,
  12: 150,
};
const UNKNOWN_MAX_KPH = 200;

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const points = stopPoints(feed, ctx);
  const maxKph = maxSpeedByTrip(ctx);
  const { arrival, departure } = ctx.index.stopTimeSeconds();
  const [stopIdOf, sequence] = ['stop_id', 'stop_sequence'].map((f) => ctx.index.column('stop_times.txt', f));
  const notices: Notice[] = [];
  for (const [tripId, rows] of ctx.index.stopTimesByTrip()) {
    const trip = maxKph.get(tripId);
    if (!trip) continue;
    let start = rows[0];
    for (let i = 1; i < rows.length; i++) {
      const end = rows[i];
      const [a, b] = [points.get(stopIdOf(start)), points.get(stopIdOf(end))];
      // Without both times and both positions the next stop is compared with the same start.
      if (!a || !b || !isValidTime(departure(start)) || !isValidTime(arrival(end))) continue;
      const distanceKm = haversineKm(a, b);
      const speedKph = (distanceKm * 3600) / travelSeconds(departure(start), arrival(end));
      if (speedKph > trip.maxKph) {
        notices.push(
          notice(FAST_TRAVEL_BETWEEN_CONSECUTIVE_STOPS, {
            filename: 'stop_times.txt',
            csvRowNumber: end + 2,
            tripCsvRowNumber: trip.row + 2,
            tripId,
            routeId: trip.routeId,
            speedKph: Math.round(speedKph * 10) / 10,
            distanceKm: Math.round(distanceKm * 1000) / 1000,
            csvRowNumber1: start + 2,
            stopSequence1: sequence(start),
            stopId1: stopIdOf(start),
            departureTime1: formatTime(departure(start)),
            csvRowNumber2: end + 2,
            stopSequence2: sequence(end),
            stopId2: stopIdOf(end),
            arrivalTime2: formatTime(arrival(end)),
          }),
        );
      }
      start = end;
    }
  }
  return notices;
}

/** Seconds between two calls; at least a minute, plus a minute when both are whole minutes (minute-rounded schedules). */
function travelSeconds(departure: number, arrival: number): number {
  const t = arrival - departure;
  if (t <= 0) return 60;
  return departure % 60 === 0 && arrival % 60 === 0 ? t + 60 : t;
}

type Point = [lat: number, lon: number];

/** stop_id → position, falling back to the parent station's. */
function stopPoints(feed: GtfsFeed, ctx: RuleContext): Map<string, Point> {
  const [id, lat, lon, parent] = ['stop_id', 'stop_lat', 'stop_lon', 'parent_station'].map((f) =>
    ctx.index.column('stops.txt', f),
  );
  const rows = feed.get('stops.txt')?.rows.length ?? 0;
  const own = new Map<string, Point>();
  for (let r = 0; r < rows; r++)
    if (isFloat(lat(r)) && isFloat(lon(r))) own.set(id(r), [Number(lat(r)), Number(lon(r))]);
  const points = new Map(own);
  for (let r = 0; r < rows; r++) {
    const p = own.get(parent(r));
    if (!points.has(id(r)) && p) points.set(id(r), p);
  }
  return points;
}

function maxSpeedByTrip(ctx: RuleContext): Map<string, { row: number; routeId: string; maxKph: number }> {
  const routeRow = ctx.index.rowsById('routes.txt', 'route_id');
  const routeType = ctx.index.column('routes.txt', 'route_type');
  const routeIdOf = ctx.index.column('trips.txt', 'route_id');
  const out = new Map<string, { row: number; routeId: string; maxKph: number }>();
  for (const [tripId, row] of ctx.index.rowsById('trips.txt', 'trip_id')) {
    const routeId = routeIdOf(row);
    const r = routeRow.get(routeId);
    // A broken route reference is a foreign_key_violation, not a speed problem.
    if (r === undefined) continue;
    out.set(tripId, { row, routeId, maxKph: MAX_KPH[Number(routeType(r))] ?? UNKNOWN_MAX_KPH });
  }
  return out;
}

const EARTH_RADIUS_KM = 6371.01;

function haversineKm([lat1, lon1]: Point, [lat2, lon2]: Point): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
