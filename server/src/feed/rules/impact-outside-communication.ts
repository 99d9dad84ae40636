import type { FeedEntity } from '@feeddesk/proto';
import { communicationPeriods, isCovered, periodsOf } from '../alert-periods.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * An impact period riders are not told about (error): every impact_period must lie inside the
 * communication periods (docs/rest-api.md), else service changes before or after riders can see why.
 * Touching or overlapping communication periods count as one stretch; bounds are inclusive, and an
 * open impact bound needs an open communication bound. An alert with no communication_period at all
 * is told for as long as it is in the feed (the GTFS-Realtime reference), so it covers any impact.
 */
export const code = 'impact_outside_communication';
export const severity: Severity = 'error';
export const description = 'An impact period lies outside the communication periods.';
export const sentence = (n: FeedNotice) =>
  `Impact period ${Number(n.period)} is not inside a communication period; tell riders at least as long as service is affected.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const alert = entity.alert;
  if (!alert) return [];
  const told = communicationPeriods(alert);
  const report = reporter(code, severity, entity.id);
  return periodsOf(alert.impactPeriod).flatMap((impact, i) =>
    isCovered(impact, told) ? [] : [report(`alert.impact_period[${i}]`, { period: i + 1 })],
  );
}
