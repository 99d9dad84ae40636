import type { FeedEntity, FeedHeader } from '@feeddesk/proto';
import { own, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, type Report, reporter, type Severity } from './notice.ts';

/**
 * A time is not in POSIX seconds, e.g. milliseconds (MobilityData E001, error).
 * Checks header, trip update and vehicle timestamps, stop time event times and alert active, communication and impact periods.
 * Deviation: the upper bound is 10^11 s (year 5138) instead of MobilityData's Feb 2033, so an alert
 * that runs "forever" (Halifax uses the year 3000) passes while any millisecond value (> 1.1e12) fails.
 */
export const code = 'E001';
export const severity: Severity = 'error';
export const description = 'A time is not in POSIX seconds.';
export const sentence = (n: FeedNotice) =>
  `${n.field} ${n.value} is not a time in POSIX seconds.${Number(n.value) >= MAX_POSIX ? ' It looks like milliseconds: divide by 1000.' : ''}`;

export const MIN_POSIX = 1_104_537_600; // 2005-01-01, as MobilityData
export const MAX_POSIX = 100_000_000_000;
export const isPosix = (secs: number) => secs >= MIN_POSIX && secs < MAX_POSIX;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  const times: [string, number | undefined, object?][] = [
    ['trip_update.timestamp', own(entity.tripUpdate, 'timestamp')],
    ['vehicle.timestamp', own(entity.vehicle, 'timestamp')],
  ];
  stopTimeUpdates(entity).forEach((stu, i) => {
    const ref = { stopSequence: own(stu, 'stopSequence'), stopId: own(stu, 'stopId') };
    times.push([stuField(i, 'arrival.time'), own(stu.arrival, 'time'), ref]);
    times.push([stuField(i, 'departure.time'), own(stu.departure, 'time'), ref]);
  });
  const alert = entity.alert;
  for (const [name, periods] of [
    ['active_period', alert?.activePeriod],
    ['communication_period', alert?.communicationPeriod],
    ['impact_period', alert?.impactPeriod],
  ] as const) {
    (periods ?? []).forEach((period, i) => {
      times.push([`alert.${name}[${i}].start`, own(period, 'start')]);
      times.push([`alert.${name}[${i}].end`, own(period, 'end')]);
    });
  }
  return times.flatMap(([field, secs, ref]) =>
    secs === undefined ? [] : checkTime(report, field, secs, ref),
  );
}

export function checkHeader(header: FeedHeader): FeedNotice[] {
  const secs = own(header, 'timestamp');
  return secs === undefined ? [] : checkTime(reporter(code, severity, ''), 'header.timestamp', secs);
}

function checkTime(report: Report, field: string, secs: number, ref: object = {}): FeedNotice[] {
  if (isPosix(secs)) return [];
  return [report(field, { value: secs, ...ref })];
}
