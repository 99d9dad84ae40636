import {
  decodeFeedEntity,
  FeedDecodeError,
  type FeedEntity,
  feedEntityId,
  type SplitFeedMessage,
  splitFeedMessage,
} from '@feeddesk/proto';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadTrainFacts } from './carry-train-facts.ts';
import { checkVehiclePositionQuota } from './check-position-quota.ts';
import type { FeedKind } from './feed-kind.ts';
import { type FeedChanges, inFeedTransaction } from './feed-transaction.ts';
import { letPollsIn } from './let-polls-in.ts';
import { checkFeedHeader, type FeedNoticeJson, feedNoticeJson, hasErrors } from './rules/index.ts';
import {
  type PreparedEntity,
  prepareFeedEntity,
  readEntityOf,
  readScheduleViewFor,
  type SaveFeedEntityOptions,
  tripIdsOf,
  writeFeedEntities,
} from './save-feed-entity.ts';
import { liveRunOwners, runKeyOf } from './trip-runs.ts';

export type SaveFeedEntitiesOptions = {
  kind: FeedKind;
  /** One protobuf FeedMessage, as the producer sent it. */
  message: Uint8Array;
  by: string | null;
  log: boolean;
  /** As saveFeedEntity: the call an entity of another kind should go to. */
  saveCalls?: SaveFeedEntityOptions['saveCalls'];
};

/** `noticesLeftOut`: how many of the entity's notices the answer leaves out (NOTICES_PER_REJECTED_ENTITY). */
export type RejectedEntity = { id: string; notices: FeedNoticeJson[]; noticesLeftOut?: number };
export type SaveFeedEntitiesResult = { saved: number; rejected: RejectedEntity[] };

/**
 * Notices listed per refused entity, errors first. A train of 200 unknown stops has 200 notices: a
 * 1 MB push of such trains was answered 14 MB, whose building and garbage held the event loop
 * serving the feed (docs/rest-api.md "POST /feed/vehicle_positions"). The first few say what to fix.
 */
export const NOTICES_PER_REJECTED_ENTITY = 10;
/**
 * Notices listed in one answer: past them the refused entities are listed by id with their
 * `noticesLeftOut` only. 10 000 positions of unknown trains made 2.6 MB of notices for 1 MB sent.
 */
export const NOTICES_PER_ANSWER = 1000;

/** Rows per INSERT: far below PostgreSQL's 65 535 parameters at 9 columns a row. */
const CHUNK = 1000;

/**
 * Saves the good entities of a whole FeedMessage (an AVL system pushing every train every few
 * seconds, a CAD system its predictions) through the same steps as saveFeedEntity, but cheaply:
 * one schedule read, one transaction of multi-row upserts, one feed change and one NOTIFY. Bad
 * entities are reported with their notices, never thrown: one bad train must not hold back the
 * others. The good ones together are one feed act that keeps the feed invariants (docs/contract-notes.md "Consistency findings"): when
 * they would contradict the feed (a train that stops where an alert says it does not), the whole
 * message is refused (422) and nothing of it is saved. Positions are not what any invariant is
 * about, so a push of them skips that check.
 */
export async function saveFeedEntities(
  deps: AppDeps,
  options: SaveFeedEntitiesOptions,
): Promise<SaveFeedEntitiesResult> {
  const { kind } = options;
  const split = readMessage(deps, options.message);
  const most = deps.config.FEED_PUSH_MAX_ENTITIES;
  if (split.entities.length > most) {
    // Each entity is checked on the thread that serves the feed: a push is bounded (docs/rest-api.md "Quotas of a principal").
    throw deps.quotas.refusal(
      'entities_per_request',
      'too_many_entities',
      `This FeedMessage has ${split.entities.length} entities; one push takes at most ${most} (FEED_PUSH_MAX_ENTITIES). Send them in several pushes.`,
    );
  }
  if (kind === 'vehicle') {
    // On the ids alone, before the entities are decoded: a producer over its quota sends 10 000
    // positions a push, whose decoding was garbage enough for long collections.
    const ids = await readEach(split.entities, feedEntityId);
    await checkVehiclePositionQuota(deps, deps.db, { ids, by: options.by, now: deps.now(), early: true });
  }
  const message = { entity: await readEach(split.entities, decodeFeedEntity) };
  const refusals = new Map<FeedEntity, RejectedEntity>();
  const readable: FeedEntity[] = [];
  for (const [i, entity] of message.entity.entries()) {
    await letPollsIn(i);
    const refused = await refusalOf(entity, async () => {
      readable.push(readEntityOf(kind, { decoded: entity }, options.saveCalls));
    });
    if (refused) refusals.set(entity, refused);
  }
  const facts = await loadTrainFacts(deps.db, tripIdsOf(readable));
  const view = await readScheduleViewFor(deps, kind, readable, facts);
  // Which update holds each run of the message's trains (one query): an entity under another id
  // for a run already held, in the feed or earlier in the message, is refused by itself.
  const runOwners =
    kind === 'trip_update'
      ? await liveRunOwners(
          deps,
          readable.flatMap((e) => e.tripUpdate?.trip?.tripId ?? []),
          view,
        )
      : undefined;
  // One row per id: a message naming an id twice keeps its last entity (last write wins, as saves).
  const byId = new Map<string, PreparedEntity>();
  for (const [i, entity] of readable.entries()) {
    await letPollsIn(i);
    const refused = await refusalOf(entity, async () => {
      const prepared = await prepareFeedEntity(deps, { kind, entity, view, verify: true, runOwners, facts });
      const run = runOwners && runKeyOf(prepared.entity, view);
      if (run && !runOwners.has(run)) runOwners.set(run, prepared.id);
      byId.delete(prepared.id);
      byId.set(prepared.id, prepared);
    });
    if (refused) refusals.set(entity, refused);
  }
  const prepared = [...byId.values()];
  if (prepared.length > 0) {
    const now = deps.now();
    const write = async (tx: DbOrTx, changes?: FeedChanges) => {
      for (let i = 0; i < prepared.length; i += CHUNK) {
        const entities = prepared.slice(i, i + CHUNK);
        await writeFeedEntities(tx, { kind, entities, now, by: options.by, log: options.log, changes });
      }
    };
    if (kind === 'vehicle') {
      await deps.db.transaction(async (tx) => {
        const ids = prepared.map((p) => p.id);
        await checkVehiclePositionQuota(deps, tx, { ids, by: options.by, now });
        await write(tx);
      });
      await deps.bus.publish('feed_changed', kind);
    } else
      await inFeedTransaction(deps, async (feed) => {
        feed.changes.carriesConsequences = false;
        await write(feed.deps.db, feed.changes);
        feed.changes.add(kind, options.by);
      });
  }
  // In the order of the message, whichever step refused them.
  const rejected = message.entity.flatMap((entity) => refusals.get(entity) ?? []);
  return { saved: prepared.length, rejected: withinNoticeBudget(rejected) };
}

/** The refused entities, their notices listed until NOTICES_PER_ANSWER, then counted only. */
function withinNoticeBudget(rejected: RejectedEntity[]): RejectedEntity[] {
  let left = NOTICES_PER_ANSWER;
  return rejected.map((entity) => {
    if (entity.notices.length <= left) {
      left -= entity.notices.length;
      return entity;
    }
    const notices = entity.notices.slice(0, left);
    left -= notices.length;
    return {
      id: entity.id,
      notices,
      noticesLeftOut: (entity.noticesLeftOut ?? 0) + entity.notices.length - notices.length,
    };
  });
}

/**
 * The message's header and its entities' bytes, not yet decoded; 400 when it cannot be read, 422
 * when its header fails the rules (a header timestamp in the future or in milliseconds: every
 * entity of it is suspect).
 */
function readMessage(deps: AppDeps, bytes: Uint8Array): SplitFeedMessage {
  let message: SplitFeedMessage;
  try {
    message = splitFeedMessage(bytes);
  } catch (error) {
    throw notDecoded(error);
  }
  const found = checkFeedHeader(message.header, { now: deps.now(), schedule: null });
  if (hasErrors(found)) {
    const notices = found.map(feedNoticeJson);
    throw new AppError('feed_rules_failed', {
      message: notices.map((n) => n.message).join(' '),
      details: { notices },
    });
  }
  return message;
}

/**
 * `read` of each entity's bytes (decoded whole, or its id alone), the feed's polls let in between:
 * a 1 MB message decoded in one call held the event loop 84–236 ms (tests/bench/README.md). One
 * that cannot be read refuses the whole message (400), as before any entity is checked.
 */
async function readEach<T>(entities: Uint8Array[], read: (bytes: Uint8Array) => T): Promise<T[]> {
  const results: T[] = [];
  for (const [i, bytes] of entities.entries()) {
    await letPollsIn(i);
    try {
      results.push(read(bytes));
    } catch (error) {
      throw notDecoded(error);
    }
  }
  return results;
}

function notDecoded(error: unknown): unknown {
  if (!(error instanceof FeedDecodeError)) return error;
  return new AppError('feed_decode_failed', {
    message: `The body is not a valid FeedMessage: ${error.message}.`,
  });
}

/** Runs one entity's step; its refusal, if it was refused. */
async function refusalOf(entity: FeedEntity, work: () => Promise<void>): Promise<RejectedEntity | undefined> {
  try {
    await work();
    return undefined;
  } catch (error) {
    return rejectionOf(entity, error);
  }
}

/** A refused entity with the save's notices; a refusal without notices (wrong kind) becomes one. */
function rejectionOf(entity: FeedEntity, error: unknown): RejectedEntity {
  if (!(error instanceof AppError)) throw error;
  const id = entity.id ?? '';
  const details = error.details as { notices?: FeedNoticeJson[]; noticesLeftOut?: number } | undefined;
  const notices = details?.notices;
  if (!notices)
    return {
      id,
      notices: [{ code: error.code, severity: 'error', entityId: id, field: '', message: error.message }],
    };
  const leftOut = details.noticesLeftOut ?? 0;
  if (notices.length <= NOTICES_PER_REJECTED_ENTITY)
    return leftOut > 0 ? { id, notices, noticesLeftOut: leftOut } : { id, notices };
  const errorsFirst = [
    ...notices.filter((n) => n.severity === 'error'),
    ...notices.filter((n) => n.severity !== 'error'),
  ];
  return {
    id,
    notices: errorsFirst.slice(0, NOTICES_PER_REJECTED_ENTITY),
    noticesLeftOut: notices.length - NOTICES_PER_REJECTED_ENTITY + leftOut,
  };
}
