import { randomUUID } from 'node:crypto';
import { feedEntities, feedLog } from '@feeddesk/drizzle';
import {
  type EntityKind,
  entityKind,
  type FeedEntity,
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
import { findEntityNotices } from './find-entity-notices.ts';
import { type EntityInput, notValid, readFeedEntity } from './read-feed-entity.ts';
import { duplicateOf, isDuplicatedTrip } from './rules/fields.ts';
import { type FeedNoticeJson, feedNoticeJson, hasErrors } from './rules/index.ts';
import { servedEntity } from './served-alert.ts';

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
  /**
   * An alert saved in the app but not published (issue 13): kept, listed in the app, never served
   * and not in the history until published. Only a new alert or a draft can be saved as one.
   */
  draft?: boolean;
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
  draft: boolean;
};

/** The sentences of spec §3, spelling and spaces included (contract.md). */
const SAVED: Record<SaveFeedEntityOptions['kind'], string> = {
  trip_update: '✅ Sucessfully saved Trip Update',
  alert: ' ✅ Successfully saved Alert!',
};
const DRAFT_SAVED = 'Draft saved: it is not in the public feed until you publish it.';
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
  const entity = readFeedEntity(options.entity);
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

  const found = await findEntityNotices(deps, entity, view);
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
  // The bytes are served as they are stored: with the active_period fallback of older consumers.
  const pb = transit_realtime.FeedEntity.encode(servedEntity(entity)).finish();
  const json = feedEntityToJson(entity);
  const expiresAt =
    kind === 'trip_update'
      ? tripUpdateExpiry(entity, view, nowSecs, deps.config.TRIP_UPDATE_TTL_MINUTES * 60)
      : alertExpiry(entity, deps.config.ALERT_TTL_HOURS * 3600);
  const id = entity.id;
  const draft = options.draft === true;
  if (draft && kind !== 'alert') {
    throw new AppError('bad_request', { message: 'Only an alert can be saved as a draft.' });
  }
  const row = {
    draft,
    pb: Buffer.from(pb),
    json,
    tripId: entity.tripUpdate?.trip?.tripId ?? null,
    updatedAt: now,
    updatedBy: options.by,
    expiresAt,
  };
  const base = options.baseRevision;
  const revision = await deps.db.transaction(async (tx) => {
    if (draft) await refuseDraftOfPublished(tx, id);
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
    // A draft is not in the public feed: its saves neither change that feed nor enter its history.
    if (!draft) {
      if (options.log)
        await tx
          .insert(feedLog)
          .values({ kind, entityId: id, action: 'save', at: now, by: options.by, json });
      await markFeedChanged(tx, kind, now);
    }
    return saved.revision;
  });
  if (options.changes) options.changes.add(kind);
  else await deps.bus.publish('feed_changed', kind);
  return { id, revision, message: draft ? DRAFT_SAVED : SAVED[kind], warnings: notices, draft };
}

/** A published alert stays published: taking it back out of the feed is a delete. */
async function refuseDraftOfPublished(db: DbOrTx, id: string): Promise<void> {
  const [current] = await db
    .select({ draft: feedEntities.draft })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, id)));
  if (current && !current.draft) {
    throw new AppError('alert_already_published', {
      message: 'This alert is already in the public feed; save it without "draft", or delete it.',
    });
  }
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

/**
 * A trip update without start_date gets the service date of the trip's current run; a timestamp, now.
 * A DUPLICATED trip's date is its TripProperties.start_date: its trip descriptor names the original.
 */
function fillTripUpdateDefaults(entity: FeedEntity, view: ScheduleView | null, nowSecs: number) {
  const tu = entity.tripUpdate;
  if (!tu) return;
  if (!tu.timestamp) tu.timestamp = nowSecs;
  const trip = tu.trip;
  const tripId = trip?.tripId;
  if (!trip || !tripId || trip.startDate || isDuplicatedTrip(trip)) return;
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
 * An extra (DUPLICATED) train is its own run: it matches only the extra train with the same new trip id.
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
  const runOf = (tu: RunJson | undefined) =>
    tu?.trip?.scheduleRelationship === 'DUPLICATED'
      ? `extra ${tu.tripProperties?.tripId ?? ''}`
      : tu?.trip?.startDate || currentRun;
  const duplicate = duplicateOf(entity);
  const wanted = duplicate
    ? `extra ${duplicate.tripId ?? ''}`
    : entity.tripUpdate?.trip?.startDate || currentRun;
  const same = rows.find((r) => runOf((r.json as { tripUpdate?: RunJson }).tripUpdate) === wanted);
  return same?.id;
}

/** What tells one run of a trip from another in a stored update (protobuf-JSON). */
type RunJson = {
  trip?: { startDate?: string | null; scheduleRelationship?: string | number | null } | null;
  tripProperties?: { tripId?: string | null } | null;
};
