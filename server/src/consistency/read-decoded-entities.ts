import { createHash } from 'node:crypto';
import { feedEntities } from '@feeddesk/drizzle';
import { decodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { letPollsIn } from '../feed/let-polls-in.ts';

/** An entity as decoded from one version of its row, and the hash of that row's bytes. */
export type DecodedEntity = { entity: FeedEntity; hash: string };

type Cached = DecodedEntity & { version: string };

/**
 * The entities decoded last, per database and per use (`cache`), by id: each feed act checks the
 * invariants over every alert twice (keep-feed-invariants.ts), and decoding them all each time
 * held the event loop that serves the feeds for as long as the alerts were large (40 alerts of
 * 180 KB: 33–197 ms for a one-stop trip update's save; tests/bench/README.md). Holds the
 * entities of the last read only, so it is as large as what the read named.
 */
const caches = new WeakMap<object, Map<string, Map<string, Cached>>>();
const anyDatabase = {};

/**
 * A row version: the transaction that wrote it and where it lies. Two versions written by one
 * transaction (an act that saves an alert, then ends it) lie apart; a place is reused only by
 * another transaction's write, after the version there is dead to every transaction.
 */
const VERSION = sql<string>`${feedEntities}.xmin::text || ':' || ${feedEntities}.ctid::text`;

/**
 * The decoded feed entities that `where` selects, in id order, read as this transaction sees
 * them: the rows unchanged since the last read under the same `cache` name are not fetched nor
 * decoded again, and decoding the others lets the polls in between entities.
 */
export async function readDecodedEntities(
  deps: Pick<AppDeps, 'db'> & { database?: object },
  cache: string,
  where: SQL,
): Promise<DecodedEntity[]> {
  const byUse = caches.get(deps.database ?? anyDatabase) ?? new Map<string, Map<string, Cached>>();
  caches.set(deps.database ?? anyDatabase, byUse);
  const known = byUse.get(cache) ?? new Map<string, Cached>();
  const knownVersions: Record<string, string> = {};
  for (const [id, entry] of known) knownVersions[id] = entry.version;
  const rows = await deps.db
    .select({
      id: feedEntities.id,
      version: VERSION,
      // Only a version not decoded before: the rest stay in the database.
      pb: sql<Buffer | null>`case when (${JSON.stringify(knownVersions)}::jsonb ->> ${feedEntities.id}) is distinct from ${VERSION} then ${feedEntities.pb} end`,
    })
    .from(feedEntities)
    .where(where)
    .orderBy(feedEntities.id);
  const read = new Map<string, Cached>();
  for (const [i, row] of rows.entries()) {
    // No bytes: the version is the one `known` holds (the query asked by its versions).
    if (!row.pb) {
      read.set(row.id, known.get(row.id)!);
      continue;
    }
    await letPollsIn(i);
    read.set(row.id, {
      version: row.version,
      entity: decodeFeedEntity(row.pb),
      hash: createHash('sha1').update(row.pb).digest('base64'),
    });
  }
  byUse.set(cache, read);
  return [...read.values()].map(({ entity, hash }) => ({ entity, hash }));
}
