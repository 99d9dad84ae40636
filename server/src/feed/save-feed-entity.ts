import { randomUUID } from 'node:crypto';
import { feedEntities, feedLog } from '@feeddesk/drizzle';
import {
  decodeFeedEntity,
  type EntityKind,
  entityKind,
  FeedDecodeError,
  type FeedEntity,
  FeedVerifyError,
  feedEntityFromJson,
  feedEntityToJson,
  transit_realtime,
  verifyFeedEntity,
} from '@feeddesk/proto';
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView, type ScheduleView } from '../schedule/read-schedule-view.ts';
import { alertExpiry, tripUpdateExpiry } from './entity-expiry.ts';
import { entityRefs } from './entity-refs.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import type { FeedChanges } from './feed-transaction.ts';
import { checkFeedEntity, type FeedNoticeJson, feedNoticeJson, hasErrors } from './rules/index.ts';

/** The entity as an edge received it: protobuf bytes (REST) or protobuf-JSON without an id needed (tRPC). */
export type EntityInput = { protobuf: Uint8Array } | { json: object };

export type SaveFeedEntityOptions = {
  kind: Exclude<FeedKind, 'vehicle'>;
  entity: EntityInput;
  by: string | null;
  /** false = do not keep this save in the history (header LogEntity: false). */
  log: boolean;
  /**
   * The revision the editor started from (0 = a new entity): the save is refused if the entity has
   * another one now. Absent = last write wins (REST clients of the protobuf contract).
   */
  baseRevision?: number;
  /** The edge's own name for the call that takes each kind, told to a caller who sent the wrong one. */
  saveCalls?: Partial<Record<EntityKind, string>>;
  /**
   * Given when the caller holds the transaction (deps.db is its tx, see inFeedTransaction): the
   * change is added here and announced after the commit, not now.
   */
  changes?: FeedChanges;
};

export type SaveFeedEntityResult = {
  id: string;
  revision: number;
  message: string;
  warnings: FeedNoticeJson[];
};

/** The sentences of spec §3, spelling and spaces included (contract.md). */
const SAVED: Record<SaveFeedEntityOptions['kind'], string> = {
  trip_update: '✅ Sucessfully saved Trip Update',
  alert: ' ✅ Successfully saved Alert!',
};
const NAMES: Record<EntityKind, string> = {
  trip_update: 'a trip update',
  alert: 'an alert',
  vehicle: 'a vehicle',
  other: 'neither',
};

/**
 * Reads an entity (bytes or JSON), checks it against the feed rules and the current schedule, then
 * upserts it by id, logs it and marks the feed changed, all in one transaction; other processes
 * hear of it by NOTIFY. The message is verified once and both stored forms (bytes, JSON) are made
 * from it.
 */
export async function saveFeedEntity(
  deps: AppDeps,
  options: SaveFeedEntityOptions,
): Promise<SaveFeedEntityResult> {
  const { kind } = options;
  const entity = readEntity(options.entity);
  const actual = entityKind(entity);
  if (actual !== kind) {
    const elsewhere = options.saveCalls?.[actual];
    throw new AppError('bad_request', {
      message: `This call takes ${NAMES[kind]}, but the entity holds ${NAMES[actual]}.${elsewhere ? ` Send it to ${elsewhere}.` : ''}`,
    });
  }
  const now = deps.now();
  const nowSecs = Math.floor(now.getTime() / 1000);
  const view = await readScheduleView(deps, entityRefs(entity));
  if (kind === 'trip_update') fillTripUpdateDefaults(entity, view, nowSecs);
  entity.id = entity.id || (await existingIdOfTrip(deps, entity, view)) || randomUUID();

  const found = checkFeedEntity(entity, { now, schedule: view });
  const notices = found.map(feedNoticeJson);
  if (hasErrors(found)) {
    const errors = notices.filter((n) => n.severity === 'error');
    throw new AppError('feed_rules_failed', {
      message: errors.map((n) => n.message).join(' '),
      details: { notices },
    });
  }
  // JSON was verified when read; decoded bytes may still hold what cannot be encoded (a NaN float).
  if ('protobuf' in options.entity) {
    const problem = verifyFeedEntity(entity);
    if (problem) throw notValid(problem);
  }
  const pb = transit_realtime.FeedEntity.encode(entity).finish();
  const json = feedEntityToJson(entity);
  const expiresAt =
    kind === 'trip_update'
      ? tripUpdateExpiry(entity, view, nowSecs, deps.config.TRIP_UPDATE_TTL_MINUTES * 60)
      : alertExpiry(entity, deps.config.ALERT_TTL_HOURS * 3600);
  const id = entity.id;
  const row = {
    pb: Buffer.from(pb),
    json,
    tripId: entity.tripUpdate?.trip?.tripId ?? null,
    updatedAt: now,
    updatedBy: options.by,
    expiresAt,
  };
  const base = options.baseRevision;
  const revision = await deps.db.transaction(async (tx) => {
    // The revision check is part of the upsert, so two editors saving at once cannot both pass it.
    const [saved] = await tx
      .insert(feedEntities)
      .values({ kind, id, createdAt: now, revision: 1, ...row })
      .onConflictDoUpdate({
        target: [feedEntities.kind, feedEntities.id],
        set: { ...row, revision: sql`${feedEntities.revision} + 1` },
        ...(base === undefined ? {} : { setWhere: eq(feedEntities.revision, base) }),
      })
      .returning({ revision: feedEntities.revision });
    if (!saved || (base !== undefined && saved.revision !== base + 1)) {
      throw await entityChanged(tx, kind, id, entity, view);
    }
    if (options.log)
      await tx.insert(feedLog).values({ kind, entityId: id, action: 'save', at: now, by: options.by, json });
    await markFeedChanged(tx, kind, now);
    return saved.revision;
  });
  if (options.changes) options.changes.add(kind);
  else await deps.bus.publish('feed_changed', kind);
  return { id, revision, message: SAVED[kind], warnings: notices };
}

/** The refusal of a save that started from an older revision: who changed the entity, and when. */
async function entityChanged(
  db: DbOrTx,
  kind: string,
  id: string,
  entity: FeedEntity,
  view: ScheduleView | null,
): Promise<AppError> {
  const [current] = await db
    .select({ revision: feedEntities.revision, at: feedEntities.updatedAt, by: feedEntities.updatedBy })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, kind), eq(feedEntities.id, id)));
  const what = entity.tripUpdate?.trip?.tripId ? `Train ${entity.tripUpdate.trip.tripId}` : 'This alert';
  const by = current?.by ?? 'a feed client';
  const at = current
    ? DateTime.fromJSDate(current.at, { zone: view?.timezone ?? 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss')
    : '';
  return new AppError('entity_changed', {
    message: current
      ? `${what} was changed by ${by} at ${at} since you opened it. Reload to see that change, then save again.`
      : `${what} was deleted since you opened it. Reload, then save again.`,
    details: {
      id,
      revision: current?.revision ?? 0,
      updatedBy: current?.by ?? null,
      updatedAt: current?.at ?? null,
    },
  });
}

/** The one message this save works on; the decoder's or verifier's words in the error. */
function readEntity(input: EntityInput): transit_realtime.FeedEntity {
  try {
    if ('protobuf' in input) return decodeFeedEntity(input.protobuf);
    // The editor may leave the id out: a new entity gets one below.
    return feedEntityFromJson({ id: '', ...input.json });
  } catch (error) {
    if (error instanceof FeedDecodeError) {
      throw new AppError('feed_decode_failed', {
        message: `The body is not a valid FeedEntity: ${error.message}.`,
      });
    }
    if (error instanceof FeedVerifyError) throw notValid(error.message);
    throw error;
  }
}

function notValid(problem: string): AppError {
  return new AppError('feed_rules_failed', { message: `The entity is not valid: ${problem}.` });
}

/** A trip update without start_date gets the service date of the trip's current run; a timestamp, now. */
function fillTripUpdateDefaults(entity: FeedEntity, view: ScheduleView | null, nowSecs: number) {
  const tu = entity.tripUpdate;
  if (!tu) return;
  if (!tu.timestamp) tu.timestamp = nowSecs;
  const trip = tu.trip;
  const tripId = trip?.tripId;
  if (!trip || !tripId || trip.startDate) return;
  const startDate = serviceDateOfRun(view, tripId);
  if (startDate) trip.startDate = startDate;
}

/** The service date of the trip's current run (noon of its service day names the date). */
function serviceDateOfRun(view: ScheduleView | null, tripId: string): string | undefined {
  const start = view?.trip(tripId) ? view.serviceDayStart?.(tripId) : undefined;
  if (start === undefined || !view) return undefined;
  return DateTime.fromSeconds(start + 43_200, { zone: view.timezone }).toFormat('yyyyMMdd');
}

/**
 * A new trip update (no id) for a trip that already has one on the same service date replaces it,
 * keeping its id; another date gets a new id, so one trip can have updates on two dates. A row saved
 * without start_date counts as the current run's date, so ids saved before dated trips stay stable.
 */
async function existingIdOfTrip(
  deps: AppDeps,
  entity: FeedEntity,
  view: ScheduleView | null,
): Promise<string | undefined> {
  const tripId = entity.tripUpdate?.trip?.tripId;
  if (!tripId) return undefined;
  const rows = await deps.db
    .select({ id: feedEntities.id, json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, tripId)));
  const currentRun = serviceDateOfRun(view, tripId);
  const dateOf = (startDate: string | null | undefined) => startDate || currentRun;
  const wanted = dateOf(entity.tripUpdate?.trip?.startDate);
  const same = rows.find((r) => {
    const json = r.json as { tripUpdate?: { trip?: { startDate?: string } } };
    return dateOf(json.tripUpdate?.trip?.startDate) === wanted;
  });
  return same?.id;
}
