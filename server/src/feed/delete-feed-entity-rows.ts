import { feedEntities, feedLog, feedTrash } from '@feeddesk/drizzle';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { trainNumbers, trainOf } from '../audit/train-numbers.ts';
import type { AppDeps, DbOrTx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import type { FeedChanges } from './feed-changes.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';

/*
 * The writes of a delete, inside a feed act the caller holds (deleteFeedEntity opens one when
 * none is held). Below feed-transaction.ts: the feed invariants' keeper, which that act runs,
 * ends outlived alerts with these, so importing deleteFeedEntity would close a cycle.
 */

/** How long a delete can be undone (restoreFeedEntity). */
export const UNDO_MS = 60_000;

export type DeleteFeedEntityOptions = {
  kind: FeedKind;
  id: string;
  by: string | null;
  deleteFromLog?: boolean;
  /** An entity already gone (expired, deleted by a colleague) is no error: false is answered. */
  ifLive?: boolean;
  /** As for saveFeedEntity: the caller holds the transaction and announces the change after it. */
  changes?: FeedChanges;
};

/** A delete inside an act the caller holds: its changes are announced after the commit. */
export type DeleteInFeedActOptions = DeleteFeedEntityOptions & { changes: FeedChanges };

/**
 * Removes an entity from the live feed and logs the deletion; the whole row waits in the trash for
 * a minute so the delete can be undone exactly. `deleteFromLog` also erases the entity's history:
 * its feed_log rows lose their content and leave the history and the summaries, nothing of it goes
 * to the trash, and the deletion is recorded in the audit table. The rows stay in the audit trail
 * (who saved it, when), which no call removes or changes. Answers whether it was live. The
 * caller holds the feed act (`changes`): deleteFeedEntity is the one to call otherwise.
 */
export async function deleteFeedEntityRows(deps: AppDeps, options: DeleteInFeedActOptions): Promise<boolean> {
  const now = deps.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(feedEntities)
      .where(and(eq(feedEntities.kind, options.kind), eq(feedEntities.id, options.id)))
      .returning();
    const row = deleted[0];
    if (!row && options.ifLive) return false;
    if (!row) {
      throw new AppError('entity_not_found', {
        message: `There is no ${options.kind.replace('_', ' ')} with id '${options.id}' in the live feed.`,
      });
    }
    await tx.delete(feedTrash).where(lt(feedTrash.deletedAt, new Date(now.getTime() - UNDO_MS)));
    if (!options.deleteFromLog) {
      const { pb, ...rest } = row;
      const trashed = { kind: row.kind, id: row.id, row: rest, pb, deletedAt: now, deletedBy: options.by };
      await tx
        .insert(feedTrash)
        .values(trashed)
        .onConflictDoUpdate({ target: [feedTrash.kind, feedTrash.id], set: trashed });
    }
    if (options.deleteFromLog) {
      const erased = await tx
        .update(feedLog)
        .set({ json: null, erasedAt: now })
        .where(
          and(eq(feedLog.kind, options.kind), eq(feedLog.entityId, options.id), isNull(feedLog.erasedAt)),
        )
        .returning({ id: feedLog.id });
      // The train as riders know it, read before its trip update is gone (docs/rest-api.md "/audit").
      const numbers = await trainNumbers({ db: tx }, row.tripId ? [row.tripId] : []);
      const label = `${options.kind.replace('_', ' ')} ${options.id}${trainOf(row.tripId, numbers)}`;
      await recordAudit(tx, {
        at: now,
        by: options.by,
        kind: options.kind,
        action: 'delete_from_log',
        entityId: options.id,
        summary: `Deleted ${label} and erased its history (${erased.length} ${erased.length === 1 ? 'entry' : 'entries'}).`,
        details: { erasedEntries: erased.length },
      });
    } else {
      await tx.insert(feedLog).values({
        kind: options.kind,
        entityId: options.id,
        action: 'delete',
        at: now,
        by: options.by,
        json: null,
        tripId: row.tripId,
      });
    }
    await markFeedChanged(tx, options.kind, now);
    options.changes.wrote(options.kind, [row]);
    return true;
  });
  if (!deleted) return false;
  options.changes.add(options.kind, options.by);
  return true;
}

/**
 * deleteFeedEntity's writes for many live entities of one kind in a few statements (a lift of
 * thousands of trips): each row to the trash for the undo, a delete in the log, the feed marked
 * changed once; ids no longer live are skipped. The caller holds the transaction and announces
 * the change after it. Answers how many were live.
 */
export async function deleteLiveEntities(
  tx: DbOrTx,
  options: { kind: FeedKind; ids: string[]; by: string | null; now: Date; changes?: FeedChanges },
): Promise<number> {
  const { kind, by, now } = options;
  if (options.ids.length === 0) return 0;
  const deleted = await tx
    .delete(feedEntities)
    .where(and(eq(feedEntities.kind, kind), isAnyOf(feedEntities.id, options.ids)))
    .returning();
  if (deleted.length === 0) return 0;
  options.changes?.wrote(kind, deleted);
  await tx.delete(feedTrash).where(lt(feedTrash.deletedAt, new Date(now.getTime() - UNDO_MS)));
  const trashed = deleted.map(({ pb, ...rest }) => ({
    kind: rest.kind,
    id: rest.id,
    row: rest,
    pb,
    deletedAt: now,
    deletedBy: by,
  }));
  await tx
    .insert(feedTrash)
    .values(trashed)
    .onConflictDoUpdate({
      target: [feedTrash.kind, feedTrash.id],
      set: {
        row: sql`excluded.row`,
        pb: sql`excluded.pb`,
        deletedAt: sql`excluded.deleted_at`,
        deletedBy: sql`excluded.deleted_by`,
      },
    });
  await tx.insert(feedLog).values(
    deleted.map((row) => ({
      kind,
      entityId: row.id,
      action: 'delete',
      at: now,
      by,
      json: null,
      tripId: row.tripId,
    })),
  );
  await markFeedChanged(tx, kind, now);
  return deleted.length;
}
