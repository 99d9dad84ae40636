import type { FeedEntity } from '@feeddesk/proto';
import { own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Vehicle bearing is not between 0 and 360 degrees (MobilityData E027, error; the GTFS-RT reference:
 * "in degrees, clockwise from True North, i.e., 0 is North and 90 is East").
 */
export const code = 'E027';
export const severity: Severity = 'error';
export const description = 'A vehicle bearing is not between 0 and 360 degrees.';
export const sentence = (n: FeedNotice) =>
  `Bearing ${n.value} is not a compass bearing; give degrees from 0 (north) to 360, clockwise.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const bearing = own(entity.vehicle?.position, 'bearing');
  if (bearing === undefined || (bearing >= 0 && bearing <= 360)) return [];
  return [reporter(code, severity, entity.id)('vehicle.position.bearing', { value: bearing })];
}
