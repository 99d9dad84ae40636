import { disruptions, feedEntities, feedLog } from '@feeddesk/drizzle';
import { encodeFeedEntity, type FeedEntity, feedEntityFromJson, feedEntityToJson } from '@feeddesk/proto';
import { and, eq, sql } from 'drizzle-orm';
import { loadStationNames } from '../disruptions/load-station-names.ts';
import type { TripUpdateJson } from '../disruptions/merge-disruption-action.ts';
import { alertExpiry, tripUpdateExpiry } from '../feed/entity-expiry.ts';
import { entityRefs } from '../feed/entity-refs.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { findEntityNotices } from '../feed/find-entity-notices.ts';
import { type FeedNoticeJson, feedNoticeJson } from '../feed/rules/index.ts';
import { servedEntity } from '../feed/served-alert.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import type { ReplacementConnection } from './context.ts';
import { type LiveReplacementBus, loadReplacementBuses } from './replacement-buses.ts';
import { changeSecs } from './rules/replacement-connection-missed.ts';

type Body = TripUpdateJson['tripUpdate'];

/**
 * The most a consequence moves a bus or holds a part after (docs/contract-notes.md "Replacement
 * buses wait for their trains"): a train reported hours late (or a mistyped delay) is not met by a
 * bus waiting half a day; the missed connection is told and stays reported instead.
 */
export const MAX_WAIT_MINUTES = 180;

/** A trip update's body with every time (and every delay given instead) `secs` later, stamped now. */
export function shiftTimes(body: Body, secs: number, nowSecs: number): Body {
  return {
    ...body,
    timestamp: nowSecs,
    stopTimeUpdate: (body.stopTimeUpdate ?? []).map((update) => {
      const out = { ...update };
      for (const key of ['arrival', 'departure'] as const) {
        const event = update[key];
        if (!event) continue;
        if (event.time !== undefined && event.time !== null)
          out[key] = { ...event, time: Number(event.time) + secs };
        else if (event.delay !== undefined && event.delay !== null)
          out[key] = { ...event, delay: Number(event.delay) + secs };
      }
      return out;
    }),
  };
}

/** One change the act carries: the bus waits, or the train's part after is held. */
type Move = {
  bus: LiveReplacementBus;
  kind: 'wait' | 'hold';
  entityId: string;
  secs: number;
  connection: ReplacementConnection;
  body: Body;
};

/** A connection the act breaks that is not kept for it (too long a wait), told as a warning. */
type Refused = {
  bus: LiveReplacementBus;
  kind: 'wait' | 'hold';
  secs: number;
  connection: ReplacementConnection;
};

const running = (body: Body) => !['CANCELED', 'DELETED'].includes(body.trip.scheduleRelationship ?? '');

/**
 * The consequences a controller's act carries for the replacement buses of the disruptions in
 * force (docs/contract-notes.md "Replacement buses wait for their trains"), in the same
 * transaction: a train this act made later than its bus can wait for has its bus re-timed, leaving
 * the margin after the train arrives, every later call as much later; a bus then (or by the act)
 * arriving less than the margin before the train's part after leaves holds that part, every call
 * as much later. Only later, never earlier, and at most MAX_WAIT_MINUTES; what the act wrote
 * itself (the bus, the part after) is the controller's and is left as written. A push of many
 * entities (FeedChanges.carriesConsequences), a disruption and a lift (FeedChanges.layered: the
 * apply plans its buses, the lift restores) re-time none: their missed connections are reported
 * (replacement_connection_missed). What it did is told in
 * `feed.changes.consequences`. Answers whether it wrote anything.
 */
export async function keepReplacementConnections(feed: FeedTransaction): Promise<boolean> {
  const { changes } = feed;
  if (!changes.carriesConsequences || changes.layered) return false;
  const trips = changes.changedTrips;
  if (trips.length === 0) return false;
  const buses = await loadReplacementBuses(feed.deps, { trips });
  if (buses.length === 0) return false;
  const nowSecs = Math.floor(feed.deps.now().getTime() / 1000);
  const max = MAX_WAIT_MINUTES * 60;
  const moves: Move[] = [];
  const refused: Refused[] = [];
  const moved = new Set<string>();
  for (const bus of buses) {
    const trainChanged = changes.changedRun(bus.replacesTripId, bus.startDate);
    const busWritten = changes.changedTrip(bus.tripId);
    if (!trainChanged && !busWritten) continue;
    let waited = 0;
    const toBus = bus.connections.find((c) => c.kind === 'to_bus');
    if (toBus && trainChanged && !busWritten && !moved.has(bus.entityId)) {
      const wait = bus.marginSecs - changeSecs(toBus);
      if (wait > max) refused.push({ bus, kind: 'wait', secs: wait, connection: toBus });
      else if (wait > 0) {
        waited = wait;
        moved.add(bus.entityId);
        moves.push({
          bus,
          kind: 'wait',
          entityId: bus.entityId,
          secs: wait,
          connection: toBus,
          body: shiftTimes(bus.bus, wait, nowSecs),
        });
      }
    }
    // The part after as its own NEW trip only: a train whose run starts in the section is its own
    // update, the controller's, and its connection is reported instead.
    const after = bus.after;
    const toTrain = bus.connections.find((c) => c.kind === 'to_train');
    if (!after || !toTrain || !running(after.json) || moved.has(after.entityId)) continue;
    if (changes.changedTrip(after.json.trip.tripId)) continue;
    const hold = bus.marginSecs - (changeSecs(toTrain) - waited);
    if (hold > max) refused.push({ bus, kind: 'hold', secs: hold, connection: toTrain });
    else if (hold > 0) {
      moved.add(after.entityId);
      moves.push({
        bus,
        kind: 'hold',
        entityId: after.entityId,
        secs: hold,
        connection: toTrain,
        body: shiftTimes(after.json, hold, nowSecs),
      });
    }
  }
  if (moves.length === 0 && refused.length === 0) return false;
  const entities = moves.map((m) => feedEntityFromJson({ id: m.entityId, tripUpdate: m.body }) as FeedEntity);
  const refs = entities.map(entityRefs);
  const all = (key: keyof ReturnType<typeof entityRefs>) => [...new Set(refs.flatMap((r) => r[key]))];
  const trainIds = [...new Set([...moves, ...refused].map((m) => m.bus.replacesTripId))];
  const view = await readScheduleView(feed.deps, {
    tripIds: [...new Set([...all('tripIds'), ...trainIds])],
    routeIds: all('routeIds'),
    stopIds: all('stopIds'),
    agencyIds: all('agencyIds'),
  });
  const names = await loadStationNames(
    feed.deps,
    [...moves, ...refused].flatMap((m) => [
      m.connection.stopId,
      ...(m.bus.bus.stopTimeUpdate ?? []).map((u) => u.stopId ?? ''),
    ]),
  );
  const tell = telling(view?.timezone ?? 'UTC', names, (tripId) => view?.trip(tripId)?.trainNumber ?? tripId);
  for (const r of refused) changes.consequences.push(tell.refused(r));
  const { by } = changes;
  const at = feed.deps.now();
  let wrote = false;
  // A bus left as it was leaves its part after as well: the hold was reckoned from its new times.
  const left = new Set<LiveReplacementBus>();
  const ends = new Map<string, number>();
  for (const [i, move] of moves.entries()) {
    const entity = entities[i]!;
    if (left.has(move.bus)) continue;
    // The moved trip passes the feed rules of any save; one that would not is left and told.
    const errors = (await findEntityNotices(feed.deps, entity, view)).filter((n) => n.severity === 'error');
    if (errors.length > 0) {
      left.add(move.bus);
      changes.consequences.push(tell.refused(move, errors.map((n) => feedNoticeJson(n).message).join(' ')));
      continue;
    }
    const last = move.body.stopTimeUpdate?.at(-1);
    const end = Number(last?.arrival?.time ?? last?.departure?.time ?? 0);
    ends.set(move.bus.disruptionId, Math.max(ends.get(move.bus.disruptionId) ?? 0, end));
    const json = feedEntityToJson(entity);
    const expiresAt = tripUpdateExpiry(entity, view, nowSecs, feed.deps.config.TRIP_UPDATE_TTL_MINUTES * 60);
    await feed.deps.db
      .update(feedEntities)
      .set({
        pb: Buffer.from(encodeFeedEntity(servedEntity(entity))),
        json,
        expiresAt,
        updatedAt: at,
        updatedBy: by,
        revision: sql`${feedEntities.revision} + 1`,
      })
      .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.id, move.entityId)));
    await feed.deps.db.insert(feedLog).values({
      kind: 'trip_update',
      entityId: move.entityId,
      action: 'save',
      at,
      by,
      json,
      tripId: entity.tripUpdate?.trip?.tripId ?? null,
    });
    changes.consequences.push(tell.moved(move));
    wrote = true;
  }
  if (wrote) {
    changes.add('trip_update', by);
    changes.markLater('trip_update');
    await lengthenDisruptionAlerts(feed, ends);
  }
  return wrote;
}

type Period = { start?: unknown; end?: unknown };
type AlertJson = {
  id: string;
  alert: { impactPeriod?: Period[]; communicationPeriod?: Period[]; activePeriod?: Period[] } & Record<
    string,
    unknown
  >;
};

/**
 * A disruption's alert lasts until its last bus or held part after arrives (docs/contract-notes.md
 * "Dated trips and disruptions"): when a moved one now arrives after the alert's impact period
 * ends, that period ends with it, so riders' apps still show the alert while the bus runs. An
 * alert the act wrote itself, one edited onto other periods (no impact period), or one the edit
 * would make fail the feed rules, is left as it is.
 */
async function lengthenDisruptionAlerts(feed: FeedTransaction, ends: Map<string, number>): Promise<void> {
  if (ends.size === 0) return;
  const { db } = feed.deps;
  const owners = await db
    .select({ id: disruptions.id, alertId: disruptions.alertId })
    .from(disruptions)
    .where(isAnyOf(disruptions.id, [...ends.keys()]));
  for (const owner of owners) {
    const end = ends.get(owner.id);
    if (!owner.alertId || end === undefined || feed.changes.wroteAlert(owner.alertId)) continue;
    const [row] = await db
      .select({ json: feedEntities.json })
      .from(feedEntities)
      .where(and(servedRows('alert'), eq(feedEntities.id, owner.alertId)));
    const entity = row?.json as AlertJson | undefined;
    const periods = entity?.alert.impactPeriod ?? [];
    if (!entity || periods.length === 0 || periods.some((p) => p.end === undefined || p.end === null))
      continue;
    const latest = Math.max(...periods.map((p) => Number(p.end)));
    if (latest >= end) continue;
    // The periods ending with the impact (riders are told, the alert is shown as long) end with it too.
    const lengthened = { ...entity.alert };
    for (const key of ['impactPeriod', 'communicationPeriod', 'activePeriod'] as const) {
      const given = entity.alert[key];
      if (!given) continue;
      lengthened[key] = given.map((p) => {
        const was = p.end === undefined || p.end === null ? null : Number(p.end);
        return was !== null && was >= latest && was < end ? { ...p, end } : p;
      });
    }
    const next = feedEntityFromJson({ ...entity, alert: lengthened }) as FeedEntity;
    const refs = entityRefs(next);
    const view = await readScheduleView(feed.deps, refs);
    const errors = (await findEntityNotices(feed.deps, next, view)).filter((n) => n.severity === 'error');
    if (errors.length > 0) continue;
    const json = feedEntityToJson(next);
    const at = feed.deps.now();
    const by = feed.changes.by;
    await db
      .update(feedEntities)
      .set({
        pb: Buffer.from(encodeFeedEntity(servedEntity(next))),
        json,
        expiresAt: alertExpiry(next, feed.deps.config.ALERT_TTL_HOURS * 3600),
        updatedAt: at,
        updatedBy: by,
        revision: sql`${feedEntities.revision} + 1`,
      })
      .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, owner.alertId)));
    await db.insert(feedLog).values({ kind: 'alert', entityId: owner.alertId, action: 'save', at, by, json });
    feed.changes.add('alert', by);
    feed.changes.markLater('alert');
  }
}

/** The sentences the controller reads in the save's answer (docs/using.md "What the served feed never says (feed invariants)"). */
function telling(zone: string, names: Map<string, string>, trainNumber: (tripId: string) => string) {
  const clock = (secs: number) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(secs * 1000);
  const name = (stopId: string) => names.get(stopId) ?? stopId;
  const minutes = (secs: number) => {
    const m = Math.ceil(secs / 60);
    return m >= 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min` : `${m} min`;
  };
  return {
    moved(move: Move): FeedNoticeJson {
      const { bus, connection: c } = move;
      const train = trainNumber(bus.replacesTripId);
      const calls = move.body.stopTimeUpdate ?? [];
      const secsOf = (u: (typeof calls)[number] | undefined, which: 'arrival' | 'departure') =>
        Number(u?.[which]?.time ?? u?.[which === 'arrival' ? 'departure' : 'arrival']?.time ?? 0);
      if (move.kind === 'wait') {
        const last = calls.at(-1);
        return {
          code: 'replacement_bus_retimed',
          severity: 'info',
          entityId: move.entityId,
          field: 'trip_update.stop_time_update',
          message: `Replacement bus ${bus.tripId} now leaves ${name(c.stopId)} at ${clock(secsOf(calls[0], 'departure'))} (${minutes(move.secs)} later) to wait for train ${train}, which arrives there at ${clock(c.trainSecs)}; it reaches ${name(last?.stopId ?? '')} at ${clock(secsOf(last, 'arrival'))}.`,
        };
      }
      const leaves = secsOf(
        calls.find((u) => u.stopId === c.stopId),
        'departure',
      );
      return {
        code: 'replacement_train_held',
        severity: 'info',
        entityId: move.entityId,
        field: 'trip_update.stop_time_update',
        message: `Train ${train} now goes on from ${name(c.stopId)} at ${clock(leaves)} (${minutes(move.secs)} later) to wait for replacement bus ${bus.tripId}.`,
      };
    },
    refused(r: Refused, why?: string): FeedNoticeJson {
      const { bus, connection: c } = r;
      const train = trainNumber(bus.replacesTripId);
      const what =
        r.kind === 'wait'
          ? `Replacement bus ${bus.tripId} was not re-timed to wait for train ${train}: it leaves ${name(c.stopId)} at ${clock(c.busSecs)}, and the train arrives there at ${clock(c.trainSecs)}`
          : `Train ${train} was not held for replacement bus ${bus.tripId}: it goes on from ${name(c.stopId)} at ${clock(c.trainSecs)}, and the bus arrives there at ${clock(c.busSecs)}`;
      const reason = why
        ? `the change would fail the feed rules: ${why}`
        : `the ${r.kind === 'wait' ? 'bus' : 'train'} would go ${minutes(r.secs)} later, more than the ${MAX_WAIT_MINUTES / 60} hours a bus waits or a train is held`;
      return {
        code: 'replacement_bus_not_retimed',
        severity: 'warning',
        entityId: bus.entityId,
        field: 'trip_update.stop_time_update',
        message: `${what}; ${reason}. Riders miss the connection: edit the ${r.kind === 'wait' ? 'bus' : 'train'}, or lift the disruption and replace the train again.`,
      };
    },
  };
}
