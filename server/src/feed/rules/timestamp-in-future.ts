import type { FeedEntity, FeedHeader } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { own } from './fields.ts';
import { isPosix } from './not-posix-time.ts';
import { type FeedNotice, type Report, reporter, type Severity } from './notice.ts';

/**
 * A timestamp is more than a minute in the future (MobilityData E050, error: "All timestamps must
 * be less than the current time", with the validator's 60 s tolerance). Applies to the header,
 * trip update and vehicle timestamps; times that are not POSIX seconds are left to E001.
 */
export const code = 'E050';
export const severity: Severity = 'error';
export const description = 'A timestamp is more than a minute in the future.';
export const sentence = (n: FeedNotice) =>
  `${n.field} is ${n.secondsAhead} s in the future; use the time the data was measured.`;

export const TOLERANCE_SECS = 60;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return [
    ...checkTime(report, ctx, 'trip_update.timestamp', own(entity.tripUpdate, 'timestamp')),
    ...checkTime(report, ctx, 'vehicle.timestamp', own(entity.vehicle, 'timestamp')),
  ];
}

export function checkHeader(header: FeedHeader, ctx: FeedRuleContext): FeedNotice[] {
  return checkTime(reporter(code, severity, ''), ctx, 'header.timestamp', own(header, 'timestamp'));
}

function checkTime(report: Report, ctx: FeedRuleContext, field: string, secs: number | undefined) {
  if (secs === undefined || !isPosix(secs)) return [];
  const ahead = secs - Math.floor(ctx.now.getTime() / 1000);
  if (ahead <= TOLERANCE_SECS) return [];
  return [report(field, { value: secs, secondsAhead: ahead })];
}
