import type { FeedEntity } from '@feeddesk/proto';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert without a period (warning): with no active_period it is shown for as long as it stays in
 * the feed, so riders cannot tell when the disruption starts or ends. MobilityData's service alert
 * guidelines recommend a period in every alert.
 */
export const code = 'alert_without_period';
export const severity: Severity = 'warning';
export const description = 'The alert has no period.';
export const sentence = () =>
  'The alert has no period; give the time the disruption starts and, if known, ends.';

export function check(entity: FeedEntity): FeedNotice[] {
  const alert = entity.alert;
  if (!alert || (alert.activePeriod ?? []).length > 0) return [];
  return [reporter(code, severity, entity.id)('alert.active_period')];
}
