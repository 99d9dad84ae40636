import { decodeFeedEntity, feedEntityToJson } from '@feeddesk/proto';
import { sql } from 'drizzle-orm';
import type { AppDeps, Tx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import type { FeedKind } from '../feed/feed-kind.ts';
import { saveFeedEntity } from '../feed/save-feed-entity.ts';

/** Applies and lifts run one at a time, so each reads the trips' updates as the previous one left them. */
const DISRUPTION_LOCK = 1_207_312;

export type FeedStore = {
  /** Saves through the feed's one save path (rules, expiry, history log); throws 422 on rule errors. */
  save(kind: 'trip_update' | 'alert', json: unknown, by: string | null): Promise<string>;
  /** Removes an entity from the live feed (logged as a delete); nothing when it is already gone. */
  remove(kind: FeedKind, id: string, by: string | null): Promise<void>;
};

/**
 * Runs `work` in one transaction on the feed's own save and delete services (the adapter keeps
 * this folder apart from how save-feed-entity is built). Their change notices are held back
 * until the transaction commits, so no other process reloads a feed that is not yet written.
 */
export async function inFeedTransaction<T>(
  deps: AppDeps,
  work: (store: FeedStore, tx: Tx) => Promise<T>,
): Promise<T> {
  const changed = new Set<string>();
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DISRUPTION_LOCK})`);
    const txDeps: AppDeps = {
      ...deps,
      db: tx,
      bus: {
        publish: async (_channel: string, kind: string) => void changed.add(kind),
      } as unknown as AppDeps['bus'],
    };
    const store: FeedStore = {
      async save(kind, json, by) {
        const saved = await saveFeedEntity(txDeps, { kind, entity: { json: json as object }, by, log: true });
        return saved.id;
      },
      async remove(kind, id, by) {
        try {
          await deleteFeedEntity(txDeps, { kind, id, by });
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'entity_not_found')) throw error;
        }
      },
    };
    return work(store, tx);
  });
  for (const kind of changed) await deps.bus.publish('feed_changed', kind);
  return result;
}

/** A stored entity (protobuf bytes) as protobuf-JSON, the form disruptions edit and save. */
export const storedJson = (pb: Uint8Array) => feedEntityToJson(decodeFeedEntity(pb));
