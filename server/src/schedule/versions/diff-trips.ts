import { stopTimes, trips } from '@feeddesk/drizzle';
import { and, eq, isNull, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.ts';
import { inSubquery, isAnyOf } from '../statement-batches.ts';

/** A trip's row in the version compared against. */
const before = alias(trips, 'before');

export type TripRow = { routeId: string; tripId: string; startSecs: number | null; endSecs: number | null };
export type RetimedRow = TripRow & { beforeStartSecs: number | null; beforeEndSecs: number | null };

/** Trips of version `to` whose id version `from` lacks (swap the two for the removed ones). */
export function tripsOnlyIn(deps: Pick<Deps, 'db'>, to: number, from: number): Promise<TripRow[]> {
  const other = alias(trips, 'other');
  return deps.db
    .select({
      routeId: trips.routeId,
      tripId: trips.tripId,
      startSecs: trips.startSecs,
      endSecs: trips.endSecs,
    })
    .from(trips)
    .where(
      and(
        eq(trips.versionId, to),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.versionId, from), eq(other.tripId, trips.tripId))),
        ),
      ),
    );
}

/**
 * Trips of both versions whose stop times differ: a call added or dropped, another stop, or an
 * other arrival or departure at some stop sequence. Compares the fingerprints kept per trip at
 * import (a join of the two trips tables); a version loaded before fingerprints existed falls
 * back to joining the two versions' stop times.
 */
export async function retimedTrips(deps: Pick<Deps, 'db'>, from: number, to: number): Promise<RetimedRow[]> {
  const [unhashed] = await deps.db
    .select({ one: sql`1` })
    .from(trips)
    .where(and(isAnyOf(trips.versionId, [from, to]), isNull(trips.stopTimesHash)))
    .limit(1);
  if (unhashed) return retimedByStopTimes(deps, from, to);
  return tripsInBoth(deps, from, to, ne(trips.stopTimesHash, before.stopTimesHash));
}

/** The same from the stop times: one full join in primary-key order (each side read once). */
async function retimedByStopTimes(deps: Pick<Deps, 'db'>, from: number, to: number): Promise<RetimedRow[]> {
  const a = versionStopTimes(deps, from, 'a');
  const b = versionStopTimes(deps, to, 'b');
  const changed = deps.db
    .selectDistinct({ tripId: sql<string>`coalesce(${a.tripId}, ${b.tripId})` })
    .from(a)
    .fullJoin(b, and(eq(a.tripId, b.tripId), eq(a.seq, b.seq)))
    .where(
      or(
        isNull(a.tripId),
        isNull(b.tripId),
        ne(a.stopId, b.stopId),
        sql`${a.arrival} is distinct from ${b.arrival}`,
        sql`${a.departure} is distinct from ${b.departure}`,
      ),
    );
  return tripsInBoth(deps, from, to, inSubquery(trips.tripId, changed));
}

/** Trips of version `to` that version `from` has too, with their times in both, where `changed` holds. */
function tripsInBoth(deps: Pick<Deps, 'db'>, from: number, to: number, changed: SQL): Promise<RetimedRow[]> {
  return deps.db
    .select({
      routeId: trips.routeId,
      tripId: trips.tripId,
      startSecs: trips.startSecs,
      endSecs: trips.endSecs,
      beforeStartSecs: before.startSecs,
      beforeEndSecs: before.endSecs,
    })
    .from(trips)
    .innerJoin(before, and(eq(before.versionId, from), eq(before.tripId, trips.tripId)))
    .where(and(eq(trips.versionId, to), changed));
}

/** One version's stop times as a subquery, its columns prefixed so the two sides of the join differ. */
function versionStopTimes<P extends 'a' | 'b'>(deps: Pick<Deps, 'db'>, versionId: number, prefix: P) {
  return deps.db
    .select({
      tripId: sql<string>`${stopTimes.tripId}`.as(`${prefix}_trip`),
      seq: sql<number>`${stopTimes.stopSequence}`.as(`${prefix}_seq`),
      stopId: sql<string>`${stopTimes.stopId}`.as(`${prefix}_stop`),
      arrival: sql<number>`${stopTimes.arrivalSecs}`.as(`${prefix}_arr`),
      departure: sql<number>`${stopTimes.departureSecs}`.as(`${prefix}_dep`),
    })
    .from(stopTimes)
    .where(eq(stopTimes.versionId, versionId))
    .as(prefix);
}
