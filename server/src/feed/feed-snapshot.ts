import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { feedEntities, feedState } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { servedFeedVersion } from '../schedule/served-feed-version.ts';
import { batchesOf, isAnyOf } from '../schedule/statement-batches.ts';
import type { FeedKind } from './feed-kind.ts';
import { servedEntity } from './served-alert.ts';

/**
 * The rows a public feed serves: a kind's entities without drafts (alerts saved in the app but not
 * yet published). Every public reading of the live feed (feeds, consistency) filters with this.
 */
export function servedRows(kind: FeedKind | FeedKind[]): SQL {
  const ofKind = Array.isArray(kind) ? isAnyOf(feedEntities.kind, kind) : eq(feedEntities.kind, kind);
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
  /**
   * The entities as protobuf-JSON, as stored (the same array for every stamp of one content, so
   * pages made from the feed, server/src/riders/, are made again only when it changed).
   */
  rows: readonly unknown[];
  /** When an entity's row was last written (ISO 8601), by id: the Atom feed's `updated`. */
  updatedAt(id: string): string | undefined;
};

/** A row of readFeedContent's statement. */
type ContentRow = {
  id: string | null;
  version: string;
  pb: Buffer | null;
  json: unknown;
  revision: number | string | null;
  changed_at: string | null;
  updated_at: string | null;
  changed?: boolean;
};

/** One served entity as last read: its row version, its bytes as FeedMessage field 2, its JSON. */
type ReadEntity = { version: string; field: Buffer; json: unknown; updatedAt: string | null };

/** Changed entities whose bytes come with the feed's first statement; the rest follow in batches of this many. */
const BYTES_PER_STATEMENT = 500;

/**
 * Reads a feed's entities and state, and the name of the current schedule version (feed_version). Given the content
 * read before, only the entities whose row changed since are fetched again (PostgreSQL's `xmin`
 * names the transaction that wrote a row's current version): a save re-reads one entity, not the
 * whole feed, on the event loop that serves it. One statement, so ids, rows and state agree (one
 * snapshot) and a poll after a save waits for one round trip, not six. When more than
 * BYTES_PER_STATEMENT entities changed (a push of 10 000 positions), the bytes of the others are
 * read by id in statements of that many: the driver parses a whole result as it arrives, and the
 * 2 MB of 10 000 positions' rows were one stretch of 116–199 ms on the loop serving the feed.
 * An entity gone by then is left out; its deletion's own change brings the feed up to date.
 */
export async function readFeedContent(
  deps: Pick<Deps, 'db'>,
  kind: FeedKind,
  previous?: FeedContent,
): Promise<FeedContent> {
  const known = previous?.entities ?? new Map<string, ReadEntity>();
  const knownVersions: Record<string, string> = {};
  for (const [id, entity] of known) knownVersions[id] = entity.version;
  // One row per served entity (bytes only when its row changed, for the first BYTES_PER_STATEMENT
  // of those), or one row of nulls when there is none; the feed's state rides on every row.
  const rows = (await deps.db.execute(sql`
    select id, version, revision, changed_at, updated_at, changed,
      case when changed and rank <= ${BYTES_PER_STATEMENT} then pb end as pb,
      case when changed and rank <= ${BYTES_PER_STATEMENT} then json end as json
    from (
      select e.id, e.xmin::text as version, e.pb, e.json, s.revision, s.changed_at,
        e.updated_at::text as updated_at, c.changed,
        count(*) filter (where c.changed) over (order by e.id rows unbounded preceding) as rank
      from (select ${kind}::text as kind) f
      left join ${feedState} s on s.kind = f.kind
      left join ${feedEntities} e on e.kind = f.kind and not e.draft
      left join jsonb_each_text(${JSON.stringify(knownVersions)}::jsonb) as k(id, version) on k.id = e.id
      cross join lateral (select e.id is not null and k.version is distinct from e.xmin::text as changed) c
    ) r
    order by id`)) as unknown as ContentRow[];
  const state = rows[0];
  const entities = new Map<string, ReadEntity>();
  const later: string[] = [];
  for (const { id, version, pb, json, updated_at, changed } of rows) {
    if (id === null) continue;
    if (pb) entities.set(id, { version, field: field(2, pb), json, updatedAt: updated_at });
    else if (changed) {
      later.push(id);
      entities.set(id, known.get(id)!); // its place in the order, filled below
    } else entities.set(id, known.get(id)!);
  }
  for (const batch of batchesOf(later, BYTES_PER_STATEMENT)) {
    const read = (await deps.db.execute(sql`
      select id, xmin::text as version, pb, json, updated_at::text as updated_at
      from ${feedEntities}
      where kind = ${kind} and not draft and ${isAnyOf(feedEntities.id, batch)}`)) as unknown as ContentRow[];
    const found = new Set<string>();
    for (const { id, version, pb, json, updated_at } of read) {
      if (id === null || !pb) continue;
      found.add(id);
      entities.set(id, { version, field: field(2, pb), json, updatedAt: updated_at });
    }
    for (const id of batch) if (!found.has(id)) entities.delete(id);
  }
  const feedVersion = servedFeedVersion(await findCurrentSchedule(deps));
  const read = [...entities.values()];
  const body = Buffer.concat(read.map((e) => e.field));
  return {
    kind,
    revision: Number(state?.revision ?? 0),
    // Raw rows: drizzle's driver leaves timestamps as PostgreSQL's text.
    changedAt: state?.changed_at ? new Date(state.changed_at) : new Date(0),
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
    rows: content.rows,
    updatedAt(id) {
      const at = content.entities.get(id)?.updatedAt;
      return at ? new Date(at).toISOString() : undefined;
    },
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
