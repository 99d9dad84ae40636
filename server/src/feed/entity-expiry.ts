import type { FeedEntity } from '@feeddesk/proto';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';
import { lastPeriodEnd } from './alert-periods.ts';
import { runOf } from './rules/duplicated-schedule.ts';

const num = (v: unknown): number | undefined => (v === null || v === undefined ? undefined : Number(v));

/**
 * When a trip update leaves the live feed (docs/rest-api.md): `ttl` after the trip's last arrival
 * including delay (an extra train's: the original's, shifted to its own date and start). Without a
 * schedule match, after the latest predicted time given, or a day on.
 */
export function tripUpdateExpiry(
  entity: FeedEntity,
  view: ScheduleView | null,
  nowSecs: number,
  ttlSecs: number,
): Date {
  const tu = entity.tripUpdate!;
  const run = runOf(entity, view);
  const trip = run?.trip;
  const start = run?.dayStart === undefined ? undefined : run.dayStart + run.shiftSecs;
  let latest = 0;
  let maxDelay = num(tu.delay) ?? 0;
  for (const stu of tu.stopTimeUpdate ?? []) {
    for (const event of [stu.arrival, stu.departure]) {
      const time = num(event?.time);
      if (time) latest = Math.max(latest, time);
      maxDelay = Math.max(maxDelay, num(event?.delay) ?? 0);
    }
  }
  if (trip && start !== undefined) {
    const last = trip.stopTimes.at(-1);
    const lastSecs = last?.arrivalSecs ?? last?.departureSecs ?? 0;
    latest = Math.max(latest, start + lastSecs + Math.max(0, maxDelay));
  }
  if (!latest) latest = nowSecs + 86_400;
  return new Date((latest + ttlSecs) * 1000);
}

/**
 * An alert leaves `ttl` after the last end of any of its periods (active, communication, impact):
 * riders may still be told after service is back. Never while one is open-ended, or with none.
 */
export function alertExpiry(entity: FeedEntity, ttlSecs: number): Date | null {
  const end = lastPeriodEnd(entity.alert);
  return end === null ? null : new Date((end + ttlSecs) * 1000);
}

/** A vehicle position leaves `ttl` after its own timestamp (when it was measured), not after its save. */
export function vehicleExpiry(entity: FeedEntity, nowSecs: number, ttlSecs: number): Date {
  const measured = num(entity.vehicle?.timestamp) || nowSecs;
  return new Date((measured + ttlSecs) * 1000);
}
