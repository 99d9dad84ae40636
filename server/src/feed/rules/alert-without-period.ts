import type { FeedEntity } from '@feeddesk/proto';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert without an impact period (warning): riders cannot tell when the disruption starts or
 * ends. MobilityData's service alert guidelines recommend communication_period and impact_period
 * in every alert. An older alert's active_period counts as its impact period (the server serves
 * impact periods as active_period to older consumers, docs/rest-api.md), so it is not flagged.
 */
export const code = 'alert_without_period';
export const severity: Severity = 'warning';
export const description = 'The alert has no impact period.';
export const sentence = () =>
  'The alert has no impact period; give the time the disruption starts and, if known, ends.';

export function check(entity: FeedEntity): FeedNotice[] {
  const alert = entity.alert;
  if (!alert || (alert.impactPeriod ?? []).length > 0 || (alert.activePeriod ?? []).length > 0) return [];
  return [reporter(code, severity, entity.id)('alert.impact_period')];
}
