import type { FeedEntity } from '@feeddesk/proto';
import { informedEntities } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Alert affects nothing: it has no informed_entity (MobilityData E032, error). */
export const code = 'E032';
export const severity: Severity = 'error';
export const description = 'The alert has no informed_entity.';
export const sentence = () => 'The alert has no informed entity; add the route, trip or stop it is about.';

export function check(entity: FeedEntity): FeedNotice[] {
  if (!entity.alert || informedEntities(entity).length > 0) return [];
  return [reporter(code, severity, entity.id)('alert.informed_entity')];
}
