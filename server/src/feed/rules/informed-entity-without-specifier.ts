import type { FeedEntity } from '@feeddesk/proto';
import { idOf, informedEntities, own } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert selector selects nothing: an informed_entity without agency_id, route_id, route_type,
 * trip or stop_id (MobilityData E033, error; direction_id alone does not select).
 */
export const code = 'E033';
export const severity: Severity = 'error';
export const description = 'An informed_entity selects nothing.';
export const sentence = () => 'This informed entity selects nothing; give a route, trip or stop.';

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return informedEntities(entity).flatMap((selector, i) => {
    const specifiers = [
      idOf(selector, 'agencyId'),
      idOf(selector, 'routeId'),
      own(selector, 'routeType'),
      own(selector, 'trip'),
      idOf(selector, 'stopId'),
    ];
    if (specifiers.some((value) => value !== undefined)) return [];
    return [report(`alert.informed_entity[${i}]`)];
  });
}
