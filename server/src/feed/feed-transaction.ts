import { decodeFeedEntity, feedEntityToJson } from '@feeddesk/proto';
import { invariantErrors, keepFeedInvariants } from '../consistency/keep-feed-invariants.ts';
import type { AppDeps, DbOrTx, Tx } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import type { FeedNoticeJson } from './rules/index.ts';

/**
 * The feeds changed by the writes of one transaction. The save and delete services add to it
 * instead of announcing on the bus when their caller holds the transaction: a process told
 * before the commit would reload a feed that is not yet written (or never will be, on rollback).
 */
export class FeedChanges {
  private readonly kinds = new Set<FeedKind>();
  private readonly unmarked = new Set<FeedKind>();
  /** Who made the last change: what the transaction itself changes on top is theirs too. */
  by: string | null = null;

  add(kind: FeedKind, by?: string | null): void {
    this.kinds.add(kind);
    if (by !== undefined) this.by = by;
  }

  /**
   * A feed written by this act whose state row (feed_state: header time, revision) is updated as
   * the act commits, not at the write: every writer of that feed updates the row, so a row locked
   * from the first write held every controller's save behind a disruption's whole apply, and
   * behind its preview, which is rolled back and never needs the row at all.
   */
  markLater(kind: FeedKind): void {
    this.unmarked.add(kind);
  }

  /** Updates the state rows of the feeds markLater was told of; the last write of the act. */
  async markUnmarked(db: DbOrTx, now: Date): Promise<void> {
    for (const kind of this.unmarked) await markFeedChanged(db, kind, now);
    this.unmarked.clear();
  }

  get changed(): boolean {
    return this.kinds.size > 0;
  }

  async announce(bus: AppDeps['bus']): Promise<void> {
    for (const kind of this.kinds) await bus.publish('feed_changed', kind);
  }
}

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
  const result = await deps.db.transaction(async (tx) => {
    const feed = { deps: { ...deps, db: tx }, changes };
    const before = await invariantErrors(feed.deps);
    const done = await work(feed);
    if (changes.changed) await keepFeedInvariants(feed, before);
    await changes.markUnmarked(tx, deps.now());
    return done;
  });
  await changes.announce(deps.bus);
  return result;
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
