import type { FeedEntity } from '@feeddesk/proto';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';

const num = (v: unknown): number | undefined => (v === null || v === undefined ? undefined : Number(v));

/**
 * When a trip update leaves the live feed (contract.md): `ttl` after the trip's last arrival
 * including delay. Without a schedule match, after the latest predicted time given, or a day on.
 */
export function tripUpdateExpiry(
  entity: FeedEntity,
  view: ScheduleView | null,
  nowSecs: number,
  ttlSecs: number,
): Date {
  const tu = entity.tripUpdate!;
  const tripId = tu.trip?.tripId ?? '';
  const trip = view?.trip(tripId);
  const start = view?.serviceDayStart?.(tripId, tu.trip?.startDate ?? undefined);
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

/** An alert leaves `ttl` after the end of its last active period; never while one is open-ended. */
export function alertExpiry(entity: FeedEntity, ttlSecs: number): Date | null {
  const periods = entity.alert?.activePeriod ?? [];
  if (periods.length === 0) return null;
  let latest = 0;
  for (const p of periods) {
    const end = num(p.end);
    if (!end) return null;
    latest = Math.max(latest, end);
  }
  return new Date((latest + ttlSecs) * 1000);
}

/** A vehicle position leaves `ttl` after its own timestamp (when it was measured), not after its save. */
export function vehicleExpiry(entity: FeedEntity, nowSecs: number, ttlSecs: number): Date {
  const measured = num(entity.vehicle?.timestamp) || nowSecs;
  return new Date((measured + ttlSecs) * 1000);
}
