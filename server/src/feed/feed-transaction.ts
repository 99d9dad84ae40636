import { decodeFeedEntity, feedEntityToJson } from '@feeddesk/proto';
import { invariantErrors, keepFeedInvariants } from '../consistency/keep-feed-invariants.ts';
import type { AppDeps, Tx } from '../deps.ts';
import type { FeedKind } from './feed-kind.ts';

/**
 * The feeds changed by the writes of one transaction. The save and delete services add to it
 * instead of announcing on the bus when their caller holds the transaction: a process told
 * before the commit would reload a feed that is not yet written (or never will be, on rollback).
 */
export class FeedChanges {
  private readonly kinds = new Set<FeedKind>();
  /** Who made the last change: what the transaction itself changes on top is theirs too. */
  by: string | null = null;

  add(kind: FeedKind, by?: string | null): void {
    this.kinds.add(kind);
    if (by !== undefined) this.by = by;
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
 * invariants (issue 28): one that would add an error-level invariant finding is refused whole.
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
    return done;
  });
  await changes.announce(deps.bus);
  return result;
}

/** A stored entity (protobuf bytes) as protobuf-JSON, the form services edit and save again. */
export const storedJson = (pb: Uint8Array) => feedEntityToJson(decodeFeedEntity(pb));
