import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { feedEntities, feedState } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import type { FeedKind } from './feed-kind.ts';
import { servedEntity } from './served-alert.ts';

/**
 * The rows a public feed serves: a kind's entities without drafts (alerts saved in the app but not
 * yet published). Every public reading of the live feed (feeds, consistency) filters with this.
 */
export function servedRows(kind: FeedKind | FeedKind[]): SQL {
  const ofKind = Array.isArray(kind) ? inArray(feedEntities.kind, kind) : eq(feedEntities.kind, kind);
  return and(ofKind, eq(feedEntities.draft, false))!;
}

/** One feed's content as stored: read once per change, stamped many times (feed-stamp.ts). */
export type FeedContent = {
  kind: FeedKind;
  revision: number;
  changedAt: Date;
  feedVersion: string | null;
  /** The entities, each already encoded as FeedMessage field 2. */
  body: Buffer;
  /** Hash of the body and the header's content, the first part of every ETag of this content. */
  hash: string;
  rows: unknown[];
  entityCount: number;
  /** The entities by id as read, for the next read to fetch only what changed. */
  entities: Map<string, ReadEntity>;
};

/** One feed as served: the encoded FeedMessage with its header stamp, its gzip, validators, JSON. */
export type FeedSnapshot = {
  kind: FeedKind;
  revision: number;
  /** When the content last changed (feed age in metrics); the header carries `stamp`. */
  changedAt: Date;
  /** header.timestamp, POSIX seconds. */
  stamp: number;
  bytes: Buffer;
  readonly gzip: Buffer;
  etag: string;
  lastModified: string;
  readonly json: string;
  entityCount: number;
};

/** One served entity as last read: its row version, its bytes as FeedMessage field 2, its JSON. */
type ReadEntity = { version: string; field: Buffer; json: unknown };

/**
 * Reads a feed's entities and state, and the current schedule's feed_version. Given the content
 * read before, only the entities whose row changed since are fetched again (PostgreSQL's `xmin`
 * names the transaction that wrote a row's current version): a save re-reads one entity, not the
 * whole feed, on the event loop that serves it. One read-only snapshot, so ids and rows agree.
 */
export async function readFeedContent(
  deps: Pick<Deps, 'db'>,
  kind: FeedKind,
  previous?: FeedContent,
): Promise<FeedContent> {
  const known = previous?.entities ?? new Map<string, ReadEntity>();
  const { state, versions, changed } = await deps.db.transaction(
    async (tx) => {
      const [state] = await tx.select().from(feedState).where(eq(feedState.kind, kind));
      const versions = await tx
        .select({ id: feedEntities.id, version: sql<string>`${feedEntities}.xmin::text` })
        .from(feedEntities)
        .where(servedRows(kind))
        .orderBy(asc(feedEntities.id));
      const stale = versions.filter((v) => known.get(v.id)?.version !== v.version).map((v) => v.id);
      const changed =
        stale.length === 0
          ? []
          : await tx
              .select({ id: feedEntities.id, pb: feedEntities.pb, json: feedEntities.json })
              .from(feedEntities)
              .where(and(eq(feedEntities.kind, kind), inArray(feedEntities.id, stale)));
      return { state, versions, changed };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const feedVersion = (await findCurrentSchedule(deps))?.feedVersion ?? null;
  const fetched = new Map(changed.map((row) => [row.id, row]));
  const entities = new Map<string, ReadEntity>();
  for (const { id, version } of versions) {
    const row = fetched.get(id);
    entities.set(id, row ? { version, field: field(2, row.pb), json: row.json } : known.get(id)!);
  }
  const read = [...entities.values()];
  const body = Buffer.concat(read.map((e) => e.field));
  return {
    kind,
    revision: state?.revision ?? 0,
    changedAt: state?.changedAt ?? new Date(0),
    feedVersion,
    body,
    hash: createHash('sha1')
      .update(body)
      .update(`\0${feedVersion ?? ''}`)
      .digest('base64url'),
    rows: read.map((e) => e.json),
    entityCount: read.length,
    entities,
  };
}

/**
 * The FeedMessage of `content` stamped `stamp`: a new header, then the entity bytes as they are
 * (exactly what protobuf encoding of the whole message would give). Only the header is encoded,
 * once per stamp, not per request. The ETag follows content and stamp together.
 */
export function stampFeed(content: FeedContent, stamp: number): FeedSnapshot {
  const header = {
    gtfsRealtimeVersion: '2.0',
    incrementality: transit_realtime.FeedHeader.Incrementality.FULL_DATASET,
    timestamp: stamp,
    ...(content.feedVersion ? { feedVersion: content.feedVersion } : {}),
  };
  const bytes = Buffer.concat([field(1, transit_realtime.FeedHeader.encode(header).finish()), content.body]);
  // Made on first use only: most pollers ask for neither form.
  let gzip: Buffer | undefined;
  let json: string | undefined;
  return {
    kind: content.kind,
    revision: content.revision,
    changedAt: content.changedAt,
    stamp,
    bytes,
    get gzip() {
      gzip ??= gzipSync(bytes);
      return gzip;
    },
    etag: `"${content.hash}-${stamp}"`,
    lastModified: new Date(stamp * 1000).toUTCString(),
    get json() {
      json ??= JSON.stringify({
        header: { ...header, incrementality: 'FULL_DATASET' },
        // The bytes were stored as served; the JSON as written, so it gets the same fallback here.
        entity: content.rows.map((r) => servedEntity(r as { alert?: { impactPeriod?: unknown[] } })),
      });
      return json;
    },
    entityCount: content.entityCount,
  };
}

function field(number: number, payload: Uint8Array): Buffer {
  return Buffer.concat([varint((number << 3) | 2), varint(payload.length), payload]);
}

function varint(value: number): Buffer {
  const out: number[] = [];
  let v = value;
  while (v > 127) {
    out.push((v & 127) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Buffer.from(out);
}
