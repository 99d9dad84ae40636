import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { feedEntities, feedState } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
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

/** One feed as served: the encoded FeedMessage, its gzip, validators, and the readable JSON. */
export type FeedSnapshot = {
  kind: FeedKind;
  revision: number;
  changedAt: Date;
  bytes: Buffer;
  readonly gzip: Buffer;
  etag: string;
  lastModified: string;
  readonly json: string;
  entityCount: number;
};

/**
 * Builds a FeedMessage from the stored entity bytes without decoding them: the header, then each
 * entity as field 2 (length-delimited), exactly what protobuf encoding of the message would give.
 */
export async function buildFeedSnapshot(deps: Pick<Deps, 'db'>, kind: FeedKind): Promise<FeedSnapshot> {
  const [state] = await deps.db.select().from(feedState).where(eq(feedState.kind, kind));
  const rows = await deps.db
    .select({ pb: feedEntities.pb, json: feedEntities.json })
    .from(feedEntities)
    .where(servedRows(kind))
    .orderBy(asc(feedEntities.id));
  const changedAt = state?.changedAt ?? new Date(0);
  const timestamp = Math.floor(changedAt.getTime() / 1000);
  const header = transit_realtime.FeedHeader.encode({
    gtfsRealtimeVersion: '2.0',
    incrementality: transit_realtime.FeedHeader.Incrementality.FULL_DATASET,
    timestamp,
  }).finish();
  const parts: Buffer[] = [field(1, header)];
  for (const row of rows) parts.push(field(2, row.pb));
  const bytes = Buffer.concat(parts);
  // Made on first use only: every save rebuilds the snapshot, and most pollers ask for neither form.
  let gzip: Buffer | undefined;
  let json: string | undefined;
  return {
    kind,
    revision: state?.revision ?? 0,
    changedAt,
    bytes,
    get gzip() {
      gzip ??= gzipSync(bytes);
      return gzip;
    },
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    lastModified: changedAt.toUTCString(),
    get json() {
      json ??= JSON.stringify({
        header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp },
        // The bytes were stored as served; the JSON as written, so it gets the same fallback here.
        entity: rows.map((r) => servedEntity(r.json as { alert?: { impactPeriod?: unknown[] } })),
      });
      return json;
    },
    entityCount: rows.length,
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
