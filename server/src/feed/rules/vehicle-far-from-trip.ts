import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext, LatLon } from './context.ts';
import { idOf } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle is far from its trip: more than FAR_METRES from the line through the trip's stops
 * (MobilityData E029 "Vehicle position far from trip shape" measures from shapes.txt with a 200 m
 * buffer; the schedule here keeps no shapes, and a straight line between stations cuts the track's
 * curves, hence a wider buffer and a warning, not an error: the position is still saved).
 */
export const code = 'vehicle_far_from_trip';
export const severity: Severity = 'warning';
export const description = "A vehicle is far from its trip's stops.";
export const sentence = (n: FeedNotice) =>
  `The train is ${n.metres} m from the line of trip ${n.tripId}; check the position or the trip.`;

export const FAR_METRES = 1000;
const EARTH_METRES = 6_371_000;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const position = entity.vehicle?.position;
  const tripId = idOf(entity.vehicle?.trip, 'tripId');
  const schedule = ctx.schedule;
  const trip = tripId === undefined ? undefined : schedule?.trip(tripId);
  if (!position || !trip || !schedule?.stopLocation) return [];
  const { latitude, longitude } = position;
  // Not a coordinate at all: E026 says so.
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return [];
  const line = trip.stopTimes.flatMap((st) => schedule.stopLocation?.(st.stopId) ?? []);
  if (line.length === 0) return [];
  const metres = distanceToLine({ lat: latitude, lon: longitude }, line);
  if (metres <= FAR_METRES) return [];
  return [reporter(code, severity, entity.id)('vehicle.position', { tripId, metres: Math.round(metres) })];
}

/** Metres from a point to a polyline, on a plane tangent at the point (exact enough over a few km). */
function distanceToLine(point: LatLon, line: LatLon[]): number {
  const cos = Math.cos((point.lat * Math.PI) / 180);
  const xy = (p: LatLon) => ({
    x: (((p.lon - point.lon) * Math.PI) / 180) * cos * EARTH_METRES,
    y: (((p.lat - point.lat) * Math.PI) / 180) * EARTH_METRES,
  });
  const points = line.map(xy);
  if (points.length === 1) return Math.hypot(points[0]!.x, points[0]!.y);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < points.length; i++) best = Math.min(best, toSegment(points[i - 1]!, points[i]!));
  return best;
}

/** Distance from the origin to the segment a-b. */
function toSegment(a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / length2));
  return Math.hypot(a.x + t * dx, a.y + t * dy);
}
