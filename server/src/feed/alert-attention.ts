import type { FeedEntityJson } from '@feeddesk/proto';
import { contains, impactPeriods, periodsOf } from './alert-periods.ts';

/** An alert in effect whose impact ends within this is flagged, so it can be extended in time. */
export const ENDING_SOON_SECS = 30 * 60;

/**
 * What the feed list asks an operator to look at in an alert in effect: it ends within 30 minutes
 * (`endsAt`, POSIX), or it has no end and was written more than the configured age ago
 * (ALERT_OPEN_ENDED_WARN_HOURS): open-ended alerts are the ones forgotten in the feed.
 */
export type AlertAttention =
  | { code: 'ending_soon'; endsAt: number }
  | { code: 'open_ended'; since: number; hours: number };

export function alertAttention(
  entity: FeedEntityJson,
  times: { nowSecs: number; createdSecs: number; openEndedWarnHours: number },
): AlertAttention | null {
  const { nowSecs, createdSecs, openEndedWarnHours } = times;
  const impact = impactPeriods(entity.alert);
  const periods = impact.length > 0 ? impact : periodsOf(entity.alert?.communicationPeriod);
  const now = periods.filter((p) => contains(p, nowSecs));
  if (periods.length > 0 && now.length === 0) return null;
  const openEnded = periods.length === 0 || now.some((p) => p.end === undefined);
  if (openEnded) {
    const old = nowSecs - createdSecs > openEndedWarnHours * 3600;
    return old ? { code: 'open_ended', since: createdSecs, hours: openEndedWarnHours } : null;
  }
  const endsAt = Math.max(...now.map((p) => p.end!));
  return endsAt - nowSecs <= ENDING_SOON_SECS ? { code: 'ending_soon', endsAt } : null;
}
