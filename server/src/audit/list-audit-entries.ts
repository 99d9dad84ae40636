import { auditLog, feedLog } from '@feeddesk/drizzle';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Deps } from '../deps.ts';
import { FEED_KINDS, type FeedKind } from '../feed/feed-kind.ts';
import { AUDIT_KINDS, type AuditKind } from './record-audit.ts';
import { trainNumbers, trainOf } from './train-numbers.ts';

/** Every kind the trail shows: its own records and the feed entities of feed_log. */
export const AUDIT_ENTRY_KINDS = [...AUDIT_KINDS, ...FEED_KINDS] as const;
export type AuditEntryKind = AuditKind | FeedKind;

export type AuditFilter = {
  /** Part of the username (case-insensitive). */
  by?: string;
  kind?: AuditEntryKind;
  /** Part of the entity id (case-insensitive). */
  entity?: string;
  /** From this instant, included. */
  from?: Date;
  /** Until this instant, excluded. */
  to?: Date;
};

export type AuditEntry = {
  /** 'a<id>' for the audit table, 'f<id>' for feed_log: unique across both. */
  id: string;
  at: Date;
  by: string | null;
  kind: string;
  action: string;
  entityId: string;
  summary: string;
};

export type ListAuditEntriesOptions = AuditFilter & { limit: number; offset: number };

/**
 * Who changed what and when, newest first: the audit table (users, tokens, disruptions, schedule
 * versions) and feed_log (trip updates, alerts, positions) read as one list. Feed saves are read
 * where they already are, not copied: a copy would double every save of the feed's write path.
 */
export async function listAuditEntries(
  deps: Pick<Deps, 'db'>,
  options: ListAuditEntriesOptions,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const own = ownWhere(options);
  const feed = feedWhere(options);
  const auditSide = deps.db
    .select({
      source: sql<string>`'a'`.as('source'),
      sourceId: auditLog.id,
      at: auditLog.at,
      by: auditLog.by,
      kind: auditLog.kind,
      action: auditLog.action,
      entityId: auditLog.entityId,
      summary: auditLog.summary,
      tripId: sql<string | null>`null::text`.as('trip_id'),
    })
    .from(auditLog)
    .where(own);
  const feedSide = deps.db
    .select({
      source: sql<string>`'f'`.as('source'),
      sourceId: feedLog.id,
      at: feedLog.at,
      by: feedLog.by,
      kind: feedLog.kind,
      action: feedLog.action,
      entityId: feedLog.entityId,
      summary: sql<string>`''`.as('summary'),
      tripId: feedLog.tripId,
    })
    .from(feedLog)
    .where(feed);
  const rows = await unionAll(auditSide, feedSide)
    .orderBy(desc(sql`at`), desc(sql`source`), desc(sql`id`))
    .limit(options.limit)
    .offset(options.offset);
  const [ownCount] = await deps.db.select({ n: count() }).from(auditLog).where(own);
  const [feedCount] = await deps.db.select({ n: count() }).from(feedLog).where(feed);
  const numbers = await trainNumbers(
    deps,
    rows.flatMap((r) => (r.source === 'f' && r.tripId ? [r.tripId] : [])),
  );
  return {
    entries: rows.map((r) => ({
      id: `${r.source}${r.sourceId}`,
      at: new Date(r.at),
      by: r.by,
      kind: r.kind,
      action: r.action,
      entityId: r.entityId,
      summary: r.source === 'f' ? feedSummary(r.kind, r.action, r.entityId, r.tripId, numbers) : r.summary,
    })),
    total: (ownCount?.n ?? 0) + (feedCount?.n ?? 0),
  };
}

function ownWhere(filter: AuditFilter): SQL | undefined {
  // Every kind: a feed kind's own records are the deletions that erased an entity's history.
  return and(
    filter.kind ? eq(auditLog.kind, filter.kind) : undefined,
    filter.by ? ilike(auditLog.by, contains(filter.by)) : undefined,
    filter.entity ? ilike(auditLog.entityId, contains(filter.entity)) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

function feedWhere(filter: AuditFilter): SQL | undefined {
  if (filter.kind && !(FEED_KINDS as readonly string[]).includes(filter.kind)) return sql`false`;
  return and(
    filter.kind ? eq(feedLog.kind, filter.kind) : undefined,
    filter.by ? ilike(feedLog.by, contains(filter.by)) : undefined,
    filter.entity ? ilike(feedLog.entityId, contains(filter.entity)) : undefined,
    filter.from ? gte(feedLog.at, filter.from) : undefined,
    filter.to ? lt(feedLog.at, filter.to) : undefined,
  );
}

/** An ILIKE pattern matching the text anywhere, its own % _ and \ taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FEED_LABELS: Record<string, string> = {
  trip_update: 'trip update',
  alert: 'alert',
  vehicle: 'vehicle position',
};
const FEED_VERBS: Record<string, string> = { save: 'Saved', delete: 'Deleted', restore: 'Restored' };

/**
 * A feed_log row's sentence, the same after deleteFromLog erased the row's content from the
 * history; a trip update's names its train as riders know it, after its delete too ("Deleted trip
 * update tu-1 (train 2300)."), or its trip when the current schedule gives it no number.
 */
function feedSummary(
  kind: string,
  action: string,
  entityId: string,
  tripId: string | null,
  numbers: Map<string, string>,
): string {
  return `${FEED_VERBS[action] ?? action} ${FEED_LABELS[kind] ?? kind} ${entityId}${trainOf(tripId, numbers)}.`;
}
