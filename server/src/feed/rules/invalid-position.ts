import type { FeedEntity } from '@feeddesk/proto';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle position is not a WGS84 coordinate: latitude outside [-90, 90] or longitude outside
 * [-180, 180] (MobilityData E026, error: "Vehicle position must be valid WGS84 coordinates").
 */
export const code = 'E026';
export const severity: Severity = 'error';
export const description = 'A vehicle position is not a valid WGS84 latitude and longitude.';
export const sentence = (n: FeedNotice) =>
  `${n.field} ${n.value} is not a WGS84 coordinate; it must lie between -${n.limit} and ${n.limit} degrees.`;

const LIMITS = [
  ['latitude', 90],
  ['longitude', 180],
] as const;

export function check(entity: FeedEntity): FeedNotice[] {
  const position = entity.vehicle?.position;
  if (!position) return [];
  const report = reporter(code, severity, entity.id);
  return LIMITS.flatMap(([name, limit]) => {
    const value = position[name];
    // Latitude and longitude are required: the decoder refuses a position without them.
    if (Number.isFinite(value) && Math.abs(value) <= limit) return [];
    return [report(`vehicle.position.${name}`, { value, limit })];
  });
}
