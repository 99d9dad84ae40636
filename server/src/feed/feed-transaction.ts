import { decodeFeedEntity, feedEntityToJson } from '@feeddesk/proto';
import { invariantErrors, keepFeedInvariants } from '../consistency/keep-feed-invariants.ts';
import type { AppDeps, Tx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FeedChanges } from './feed-changes.ts';
import type { FeedNoticeJson } from './rules/index.ts';

export { FeedChanges };

/** Deps whose db is the open transaction, and the changes to announce once it commits. */
export type FeedTransaction = { deps: AppDeps & { db: Tx }; changes: FeedChanges };

/**
 * Runs several feed writes (saveFeedEntity, deleteFeedEntity with `changes`) as one act: all
 * saved or none, and other processes hear of them only after the commit. The act keeps the feed
 * invariants (docs/contract-notes.md "Consistency findings"): one that would add an error-level invariant finding is refused whole.
 */
export async function inFeedTransaction<T>(
  deps: AppDeps,
  work: (feed: FeedTransaction) => Promise<T>,
): Promise<T> {
  const changes = new FeedChanges();
  const result = await deps.db.transaction((tx) => feedActIn({ ...deps, db: tx }, changes, work));
  await changes.announce(deps.bus);
  return result;
}

/**
 * inFeedTransaction's act in a transaction the caller holds (the one that makes a schedule version
 * current, for planned works): the same invariant check; the caller announces `changes` once its
 * transaction has committed.
 */
export async function feedActIn<T>(
  deps: AppDeps & { db: Tx },
  changes: FeedChanges,
  work: (feed: FeedTransaction) => Promise<T>,
): Promise<T> {
  const feed = { deps, changes };
  const before = await invariantErrors(deps);
  const done = await work(feed);
  if (changes.changed) await keepFeedInvariants(feed, before);
  await changes.markUnmarked(deps.db, deps.now());
  return done;
}

/** What a rehearsed act would do, and the refusals its invariant check would give (none: it would be saved). */
export type Rehearsal<T> = { result: T; refusals: FeedNoticeJson[] };

/**
 * Runs a feed act as inFeedTransaction would, its writes and its invariant check included, then
 * rolls it all back: a preview that meets the very refusals (same sentences) the act would get,
 * before the controller presses save. Other refusals (feed rules, bad input) are thrown
 * as the act throws them. Nothing is announced; the rows it wrote are locked until the rollback.
 */
export async function rehearseFeedAct<T>(
  deps: AppDeps,
  work: (feed: FeedTransaction) => Promise<T>,
): Promise<Rehearsal<T>> {
  const rollback = new RolledBack<T>();
  try {
    await deps.db.transaction(async (tx) => {
      const feed = { deps: { ...deps, db: tx }, changes: new FeedChanges() };
      const before = await invariantErrors(feed.deps);
      rollback.rehearsal = { result: await work(feed), refusals: [] };
      try {
        if (feed.changes.changed) await keepFeedInvariants(feed, before);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'feed_rules_failed') throw error;
        rollback.rehearsal.refusals = (error.details as { notices: FeedNoticeJson[] }).notices;
      }
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback || !rollback.rehearsal) throw error;
  }
  return rollback.rehearsal!;
}

/** Thrown to roll a rehearsal back, carrying what it found. */
class RolledBack<T> extends Error {
  rehearsal: Rehearsal<T> | undefined;
}

/** A stored entity (protobuf bytes) as protobuf-JSON, the form services edit and save again. */
export const storedJson = (pb: Uint8Array) => feedEntityToJson(decodeFeedEntity(pb));
