import { randomUUID } from 'node:crypto';
import { feedEntities } from '@feeddesk/drizzle';
import {
  type EntityKind,
  entityKind,
  type FeedEntity,
  type FeedEntityJson,
  feedEntityToJson,
  transit_realtime,
  verifyFeedEntity,
} from '@feeddesk/proto';
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { checkCause } from '../causes/check-cause.ts';
import type { CauseInput } from '../causes/delay-cause.ts';
import { deleteTripCause, saveTripCauses } from '../causes/save-trip-causes.ts';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView, type ScheduleView } from '../schedule/read-schedule-view.ts';
import { byteaText } from '../schedule/statement-batches.ts';
import { cancelNewTrip } from './cancel-new-trip.ts';
import { assignedStopIds, carryTrainFacts, loadTrainFacts, type TrainFacts } from './carry-train-facts.ts';
import { checkAlertLanguages } from './check-alert-languages.ts';
import { checkAlertSize } from './check-alert-size.ts';
import { checkVehiclePositionQuota } from './check-position-quota.ts';
import { alertExpiry, tripUpdateExpiry, vehicleExpiry } from './entity-expiry.ts';
import { type EntityRefs, entityRefs } from './entity-refs.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import { type FeedChanges, inFeedTransaction } from './feed-transaction.ts';
import { findEntityNotices } from './find-entity-notices.ts';
import { type EntityInput, notValid, readFeedEntity } from './read-feed-entity.ts';
import { isCancelled, isDuplicatedTrip } from './rules/fields.ts';
import { type FeedNotice, type FeedNoticeJson, feedNoticeJson, hasErrors } from './rules/index.ts';
import { servedEntity } from './served-alert.ts';
import {
  liveRunOwners,
  type RunOwners,
  refuseSecondUpdateOfRun,
  runKeyOf,
  serviceDateOfRun,
} from './trip-runs.ts';

export type { EntityInput };

export type SaveFeedEntityOptions = {
  kind: FeedKind;
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
   * An alert saved in the app but not published: kept, listed in the app, never served
   * and not in the history until published. Only a new alert or a draft can be saved as one.
   */
  draft?: boolean;
  /**
   * Given when the caller holds the transaction (deps.db is its tx, see inFeedTransaction): the
   * change is added here and announced after the commit, not now.
   */
  changes?: FeedChanges;
  /**
   * The caller reports an alert's missing required languages itself (a disruption's preview lists
   * them among its refusals): the save does not refuse on them.
   */
  languagesChecked?: boolean;
  /**
   * A trip update's delay cause, a code of the catalogue (docs/glossary.md "cause"): kept for the
   * dated train with the save; an unknown code refuses the save (400 unknown_cause).
   */
  cause?: CauseInput | null;
};

export type SaveFeedEntityResult = {
  id: string;
  revision: number;
  message: string;
  warnings: FeedNoticeJson[];
  draft: boolean;
  /** The save cancelled a NEW train: its update was deleted instead (cancelNewTrip), undoable. */
  deleted?: boolean;
};

/** The sentences of docs/spec.md §3, spelling and spaces included (docs/rest-api.md). */
const SAVED: Record<FeedKind, string> = {
  trip_update: '✅ Sucessfully saved Trip Update',
  alert: ' ✅ Successfully saved Alert!',
  vehicle: '✅ Successfully saved Vehicle Position',
};
const DRAFT_SAVED = 'Draft saved: it is not in the public feed until you publish it.';
const NAMES: Record<EntityKind, string> = {
  trip_update: 'a trip update',
  alert: 'an alert',
  vehicle: 'a vehicle',
  other: 'neither',
};

/** An entity checked and encoded, ready to be written: what every save path writes. */
export type PreparedEntity = {
  id: string;
  entity: FeedEntity;
  row: {
    pb: Buffer;
    json: FeedEntityJson;
    tripId: string | null;
    expiresAt: Date | null;
    /** A draft alert: stored, not served, not logged, not a change of the public feed. */
    draft: boolean;
  };
  warnings: FeedNoticeJson[];
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
  const draft = options.draft === true;
  if (draft && kind !== 'alert') {
    throw new AppError('bad_request', { message: 'Only an alert can be saved as a draft.' });
  }
  // A save of the public feed is one act that keeps the feed invariants; a draft is not served.
  if (!options.changes && !draft) {
    let changes: FeedChanges | undefined;
    const saved = await inFeedTransaction(deps, (feed) => {
      changes = feed.changes;
      return saveFeedEntity(feed.deps, { ...options, changes: feed.changes });
    });
    return withConsequences(saved, changes);
  }
  const entity = readEntityOf(kind, options.entity, options.saveCalls);
  if (kind === 'alert') checkAlertSize(deps, entity.alert);
  if (kind === 'trip_update' && options.changes) {
    const removed = await cancelNewTrip(deps, { entity, by: options.by, changes: options.changes });
    if (removed) return { ...removed, warnings: [], draft: false, deleted: true };
  }
  const facts = kind === 'alert' ? undefined : await loadTrainFacts(deps.db, tripIdsOf([entity]));
  const view = await readScheduleViewFor(deps, kind, [entity], facts);
  const verify = !('json' in options.entity);
  const tripId = entity.tripUpdate?.trip?.tripId;
  const runOwners = kind === 'trip_update' && tripId ? await liveRunOwners(deps, [tripId], view) : undefined;
  const prepared = await prepareFeedEntity(deps, {
    kind,
    entity,
    view,
    verify,
    draft,
    runOwners,
    facts,
    languagesChecked: options.languagesChecked,
  });
  const now = deps.now();
  const base = options.baseRevision;
  const cause = kind === 'trip_update' && options.cause ? options.cause : undefined;
  // null: the controller took the cause back ("Not given"): the train counts under no cause.
  const clearCause = kind === 'trip_update' && options.cause === null;
  if (cause && tripId)
    await checkCause(
      deps,
      cause,
      view?.trip(tripId)?.stopTimes.map((s) => s.stopId),
    );
  const causeDate = tripId
    ? (entity.tripUpdate?.trip?.startDate ?? serviceDateOfRun(view, tripId))
    : undefined;
  const write = async (tx: DbOrTx) => {
    if (draft) await refuseDraftOfPublished(tx, prepared.id);
    if (kind === 'vehicle')
      await checkVehiclePositionQuota(deps, tx, { ids: [prepared.id], by: options.by, now });
    const [saved] = await writeFeedEntities(tx, {
      kind,
      entities: [prepared],
      now,
      by: options.by,
      log: options.log,
      baseRevision: base,
      changes: options.changes,
    });
    if (!saved || (base !== undefined && saved.revision !== base + 1)) {
      // Saved but not at base + 1: the row was inserted anew, so the entity had been deleted (or
      // had expired) meanwhile. The row read now is this very save's, about to be rolled back:
      // it must not be reported as someone's change (it named the controller themselves).
      throw await entityChanged(saved ? null : tx, kind, prepared.id, entity, view);
    }
    if (cause && tripId && causeDate)
      await saveTripCauses(tx, {
        trains: [{ tripId, startDate: causeDate }],
        cause,
        at: now,
        by: options.by,
      });
    if (clearCause && tripId && causeDate) await deleteTripCause(tx, { tripId, startDate: causeDate });
    return saved.revision;
  };
  // In the caller's feed transaction a refusal rolls the whole act back: no savepoint of its own
  // (two round trips fewer for every save, each behind whatever else the event loop is doing).
  const revision = options.changes ? await write(deps.db) : await deps.db.transaction(write);
  if (options.changes) options.changes.add(kind, options.by);
  else await deps.bus.publish('feed_changed', kind);
  const message = draft ? DRAFT_SAVED : SAVED[kind];
  return { id: prepared.id, revision, message, warnings: prepared.warnings, draft };
}

/**
 * The answer of a save with what its act carried besides (a replacement bus re-timed to wait for
 * the train: keep-replacement-connections.ts) among its warnings.
 */
export function withConsequences<R extends { warnings: FeedNoticeJson[] }>(
  saved: R,
  changes?: FeedChanges,
): R {
  const told = changes?.consequences ?? [];
  return told.length === 0 ? saved : { ...saved, warnings: [...saved.warnings, ...told] };
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

/** The entity of an input, refused (400) when it does not hold the kind this call takes. */
export function readEntityOf(
  kind: FeedKind,
  input: EntityInput,
  saveCalls?: Partial<Record<EntityKind, string>>,
): FeedEntity {
  const entity = readFeedEntity(input);
  const actual = entityKind(entity);
  if (actual !== kind) {
    const elsewhere = saveCalls?.[actual];
    throw new AppError('bad_request', {
      message: `This call takes ${NAMES[kind]}, but the entity holds ${NAMES[actual]}.${elsewhere ? ` Send it to ${elsewhere}.` : ''}`,
    });
  }
  return entity;
}

/** The trips entities are about (a trip update's or a vehicle position's), for loadTrainFacts. */
export const tripIdsOf = (entities: FeedEntity[]) =>
  entities.flatMap((e) => e.tripUpdate?.trip?.tripId || e.vehicle?.trip?.tripId || []);

/**
 * One schedule view for every entity of a save (a bulk push reads the schedule once); with the
 * trains' facts, also the stations of the platforms they assign (a position may be moved there).
 */
export function readScheduleViewFor(
  deps: AppDeps,
  kind: FeedKind,
  entities: FeedEntity[],
  facts?: TrainFacts,
): Promise<ScheduleView | null> {
  const refs = entities.map(entityRefs);
  const all = (key: keyof EntityRefs) => [...new Set(refs.flatMap((r) => r[key]))];
  return readScheduleView(deps, {
    tripIds: all('tripIds'),
    routeIds: all('routeIds'),
    stopIds:
      kind === 'vehicle' && facts
        ? [...new Set([...all('stopIds'), ...assignedStopIds(facts)])]
        : all('stopIds'),
    agencyIds: all('agencyIds'),
    // Only the vehicle position rules look at coordinates and calendars.
    locations: kind === 'vehicle',
  });
}

/**
 * Fills the defaults, gives the entity its id, checks the rules (422 with the notices on an error),
 * verifies and encodes it, and works out when it leaves the live feed.
 */
export async function prepareFeedEntity(
  deps: AppDeps,
  options: {
    kind: FeedKind;
    entity: FeedEntity;
    view: ScheduleView | null;
    verify: boolean;
    draft?: boolean;
    /**
     * The live updates of the entity's run (liveRunOwners), given by the saves of controllers and
     * producers: a trip update under another id than its run's is then refused. Disruptions give
     * the ids themselves; the feed invariant trip_run_updated_twice holds for every act.
     */
    runOwners?: RunOwners;
    /** The trains' formations and assigned platforms, carried into the entity (carry-train-facts.ts). */
    facts?: TrainFacts;
    /** See SaveFeedEntityOptions.languagesChecked. */
    languagesChecked?: boolean;
  },
): Promise<PreparedEntity> {
  const { kind, entity, view } = options;
  const now = deps.now();
  const nowSecs = Math.floor(now.getTime() / 1000);
  if (kind !== 'alert') fillTripDefaults(entity, view, nowSecs);
  dropStopsOfCancelledTrip(entity);
  if (options.facts) carryTrainFacts(entity, options.facts, view);
  const run = kind === 'trip_update' ? runKeyOf(entity, view) : undefined;
  // Without an id (and without the saves' owners) the run's update is looked up here.
  const owners =
    options.runOwners ??
    (run && !entity.id ? await liveRunOwners(deps, [entity.tripUpdate!.trip!.tripId!], view) : undefined);
  const owner = run ? owners?.get(run) : undefined;
  // A new trip update (no id) for a run that already has one replaces it, keeping its id; another
  // date is another run, so one trip can have updates on two dates.
  entity.id = entity.id || owner || entity.vehicle?.vehicle?.id || randomUUID();

  const found = await findEntityNotices(deps, entity, view);
  if (hasErrors(found)) throw rulesFailed(found);
  const notices = found.map(feedNoticeJson);
  // After the rules: what is wrong with the entity itself comes first.
  // A published alert speaks every language the operator requires (400 naming the missing ones).
  if (kind === 'alert' && !options.draft && !options.languagesChecked)
    await checkAlertLanguages(deps, entity.alert);
  if (options.runOwners) refuseSecondUpdateOfRun(entity, owner);
  // JSON was verified when read; decoded bytes may still hold what cannot be encoded (a NaN float).
  if (options.verify) {
    const problem = verifyFeedEntity(entity);
    if (problem) throw notValid(problem);
  }
  // The bytes are served as they are stored: with the active_period fallback of older consumers.
  const pb = transit_realtime.FeedEntity.encode(servedEntity(entity)).finish();
  const config = deps.config;
  const expiresAt =
    kind === 'trip_update'
      ? tripUpdateExpiry(entity, view, nowSecs, config.TRIP_UPDATE_TTL_MINUTES * 60)
      : kind === 'alert'
        ? alertExpiry(entity, config.ALERT_TTL_HOURS * 3600)
        : vehicleExpiry(entity, nowSecs, config.VEHICLE_POSITION_TTL_MINUTES * 60);
  const tripId = entity.tripUpdate?.trip?.tripId || entity.vehicle?.trip?.tripId || null;
  // Saved, but over already: the expiry job removes it within seconds. Say so now, not by its absence.
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    notices.push(alreadyOver(kind, entity.id, expiresAt, view?.timezone));
  return {
    id: entity.id,
    entity,
    row: {
      pb: Buffer.from(pb),
      json: feedEntityToJson(entity),
      tripId,
      expiresAt,
      draft: options.draft === true,
    },
    warnings: notices,
  };
}

/**
 * Upserts prepared entities of one kind in one statement (revision + 1 on each), logs them when
 * asked and marks the feed changed: the one write of every save path. With baseRevision (a single
 * editor's save) a row whose revision moved on is left alone and missing from the answer.
 */
export async function writeFeedEntities(
  tx: DbOrTx,
  options: {
    kind: FeedKind;
    entities: PreparedEntity[];
    now: Date;
    by: string | null;
    log: boolean;
    baseRevision?: number;
    /** Given in a feed transaction: the feed's state row is updated as the act commits (markLater). */
    changes?: FeedChanges;
  },
): Promise<{ id: string; revision: number }[]> {
  const { kind, entities, now, by, baseRevision } = options;
  if (entities.length === 0) return [];
  const at = now.toISOString();
  const rows = entities.map(({ id, row }) => ({
    id,
    pb: byteaText(row.pb),
    json: row.json,
    trip_id: row.tripId,
    expires_at: row.expiresAt?.toISOString() ?? null,
    draft: row.draft,
  }));
  // The rows are one parameter (jsonb_to_recordset), the entities and their history one statement:
  // drizzle's insert made a parameter of every value, and building a statement of 500 trip updates'
  // 5 500 of them was most of a disruption's main-thread time (1.1 s of a 5 000-trip preview and apply).
  const saved = (await tx.execute(sql`
    with given as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(id text, pb bytea, json jsonb, trip_id text, expires_at timestamptz, draft boolean)
    ),
    saved as (
      insert into feed_entities (kind, id, created_at, revision, updated_at, updated_by, pb, json, trip_id, expires_at, draft)
      select ${kind}, id, ${at}::timestamptz, 1, ${at}::timestamptz, ${by}::text, pb, json, trip_id, expires_at, draft
      from given
      on conflict (kind, id) do update set
        pb = excluded.pb, json = excluded.json, trip_id = excluded.trip_id, updated_at = excluded.updated_at,
        updated_by = excluded.updated_by, expires_at = excluded.expires_at, draft = excluded.draft,
        revision = feed_entities.revision + 1
      -- The revision check is part of the upsert, so two editors saving at once cannot both pass it.
      ${baseRevision === undefined ? sql`` : sql`where feed_entities.revision = ${baseRevision}::integer`}
      returning id, revision
    ),
    -- A draft is not in the public feed: its saves neither change that feed nor enter its history.
    logged as (
      insert into feed_log (kind, entity_id, action, at, by, json, trip_id)
      select ${kind}, id, 'save', ${at}::timestamptz, ${by}::text, json, trip_id from given
      where ${options.log}::boolean and not draft and exists (select 1 from saved)
    )
    select id, revision from saved`)) as unknown as { id: string; revision: number }[];
  options.changes?.wrote(
    kind,
    entities.map(({ id, row, entity }) => ({
      id,
      tripId: row.tripId,
      startDate: entity.tripUpdate?.trip?.startDate || null,
    })),
  );
  const published = saved.length > 0 && entities.some(({ row }) => !row.draft);
  if (published && options.changes) options.changes.markLater(kind);
  else if (published) await markFeedChanged(tx, kind, now);
  return saved;
}

/** The refusal of a save that started from an older revision: who changed the entity, and when. */
async function entityChanged(
  /** null: the entity is known to be gone. */
  db: DbOrTx | null,
  kind: string,
  id: string,
  entity: FeedEntity,
  view: ScheduleView | null,
): Promise<AppError> {
  const [current] = db
    ? await db
        .select({ revision: feedEntities.revision, at: feedEntities.updatedAt, by: feedEntities.updatedBy })
        .from(feedEntities)
        .where(and(eq(feedEntities.kind, kind), eq(feedEntities.id, id)))
    : [];
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
 * A trip update or vehicle position without start_date gets the service date of the trip's current
 * run; without a timestamp, now. A DUPLICATED trip's date is its TripProperties.start_date: its trip
 * descriptor names the original.
 */
function fillTripDefaults(entity: FeedEntity, view: ScheduleView | null, nowSecs: number) {
  const about = entity.tripUpdate ?? entity.vehicle;
  if (!about) return;
  if (!about.timestamp) about.timestamp = nowSecs;
  const trip = about.trip;
  const tripId = trip?.tripId;
  if (!trip || !tripId || trip.startDate || isDuplicatedTrip(trip)) return;
  const startDate = serviceDateOfRun(view, tripId);
  if (startDate) trip.startDate = startDate;
}

/**
 * A CANCELED or DELETED trip serves no stop time updates: delays and skipped
 * stops saved before the cancellation (by the editor, a disruption merging onto them, a REST
 * client) would tell riders times and stops of a train that does not run. Dropped here, on the
 * one path every save takes, rather than refused: cancelling is what the controller chose.
 */
function dropStopsOfCancelledTrip(entity: FeedEntity) {
  const tu = entity.tripUpdate;
  if (tu && isCancelled(tu.trip) && (tu.stopTimeUpdate?.length ?? 0) > 0) tu.stopTimeUpdate = [];
}

/** The warning of an entity saved after the time it leaves the feed (docs/errors.md `entity_already_over`). */
function alreadyOver(kind: FeedKind, entityId: string, expiresAt: Date, zone?: string): FeedNoticeJson {
  const left = zone
    ? new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(
        expiresAt,
      )
    : expiresAt.toISOString();
  const what =
    kind === 'trip_update'
      ? 'Its train finished more than the trip update time-to-live ago'
      : kind === 'alert'
        ? 'Its periods ended more than the alert time-to-live ago'
        : 'It was measured more than the vehicle position time-to-live ago';
  return {
    code: 'entity_already_over',
    severity: 'warning',
    entityId,
    field: kind === 'alert' ? 'alert' : kind === 'vehicle' ? 'vehicle.timestamp' : 'trip_update.trip',
    message: `${what} (it left the feed at ${left}): it was saved, and leaves the feed within seconds. Check the date.`,
  };
}

/**
 * Notices a refusal lists, errors first, and sentences its message joins. An entity of 1 MB can
 * hold 40 000 unknown stops: listing each made a 13 MB answer whose building held the event loop
 * serving the feed (docs/rest-api.md "Quotas of a principal"). A real train has far fewer stops, so
 * the editor still shows each refused stop.
 */
const NOTICES_PER_REFUSAL = 200;
const SENTENCES_PER_REFUSAL = 10;

/** 422 feed_rules_failed for an entity the rules refuse; `noticesLeftOut` counts what is not listed. */
function rulesFailed(found: FeedNotice[]): AppError {
  const errors = found.filter((n) => n.severity === 'error');
  const listed = [...errors, ...found.filter((n) => n.severity !== 'error')].slice(0, NOTICES_PER_REFUSAL);
  const notices = listed.map(feedNoticeJson);
  const sentences = notices.slice(0, Math.min(errors.length, SENTENCES_PER_REFUSAL)).map((n) => n.message);
  const more = errors.length - sentences.length;
  if (more > 0) sentences.push(`And ${more} more ${more === 1 ? 'error' : 'errors'} like these.`);
  const noticesLeftOut = found.length - listed.length;
  return new AppError('feed_rules_failed', {
    message: sentences.join(' '),
    details: noticesLeftOut > 0 ? { notices, noticesLeftOut } : { notices },
  });
}
