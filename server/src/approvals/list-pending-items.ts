import { feedEntities, pendingItems } from '@feeddesk/drizzle';
import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { itemHeader, type PendingState } from './pending-item.ts';

export type PendingListItem = {
  id: string;
  kind: 'alert' | 'disruption';
  /** The alert's id (the live alert an edit replaces, or the new alert's). */
  entityId: string;
  state: PendingState;
  header: string;
  /** protobuf-JSON, as it will enter the feed. */
  entity: unknown;
  /** An edit of an alert that is live now (which serves on until this is approved). */
  editsLive: boolean;
  createdBy: string | null;
  createdAt: string;
  publishAt: string | null;
  emergency: boolean;
  decidedBy: string | null;
  decidedAt: string | null;
  /** A rejection's reason, or why it could not enter the feed at its time. */
  reason: string | null;
};

/** Rejected and failed items stay listed this long, for their authors to read why. */
const DECIDED_SHOWN_DAYS = 7;
/** The list is bounded: waiting items are (PENDING_ITEMS_PER_PRINCIPAL each), decided ones not. */
const MAX_LISTED = 500;

/**
 * What waits (pending, scheduled, emergency publishes to approve afterwards) and what was turned
 * down lately (rejected with the reason, failed at its time), newest first.
 */
export async function listPendingItems(deps: Deps): Promise<PendingListItem[]> {
  const since = new Date(deps.now().getTime() - DECIDED_SHOWN_DAYS * 86_400_000);
  const rows = await deps.db
    .select({
      item: pendingItems,
      live: sql<boolean>`${feedEntities.id} is not null and not ${feedEntities.draft}`,
    })
    .from(pendingItems)
    .leftJoin(
      feedEntities,
      and(eq(feedEntities.kind, pendingItems.kind), eq(feedEntities.id, pendingItems.entityId)),
    )
    .where(
      or(
        isAnyOf(pendingItems.state, ['pending', 'scheduled', 'emergency']),
        and(
          isAnyOf(pendingItems.state, ['rejected', 'failed', 'withdrawn']),
          gte(pendingItems.decidedAt, since),
        ),
      ),
    )
    .orderBy(desc(pendingItems.createdAt))
    .limit(MAX_LISTED);
  return rows.map(({ item, live }) => ({
    id: item.id,
    kind: item.kind === 'disruption' ? 'disruption' : 'alert',
    entityId: item.entityId,
    state: item.state as PendingState,
    header: itemHeader(item),
    entity: item.entity,
    editsLive: item.state !== 'emergency' && live === true,
    createdBy: item.createdBy,
    createdAt: item.createdAt.toISOString(),
    publishAt: item.publishAt?.toISOString() ?? null,
    emergency: item.emergency,
    decidedBy: item.decidedBy,
    decidedAt: item.decidedAt?.toISOString() ?? null,
    reason: item.reason,
  }));
}
