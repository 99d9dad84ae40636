import { feedEntities, feedLog, feedTrash } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { UNDO_MS } from './delete-feed-entity.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import { inFeedTransaction } from './feed-transaction.ts';

/** The row as deleteFeedEntity put it in the trash (JSON: its dates are ISO strings). */
type TrashedRow = {
  tripId: string | null;
  json: unknown;
  updatedAt: string;
  updatedBy: string | null;
  createdAt: string;
  expiresAt: string | null;
  revision: number;
  /** Absent in rows trashed before drafts existed. */
  draft?: boolean;
};

/**
 * Undoes a delete made less than a minute ago: the entity comes back exactly as it was (bytes,
 * JSON, who and when, expiry, revision), and the history says who restored it.
 */
export async function restoreFeedEntity(
  deps: AppDeps,
  options: { kind: FeedKind; id: string; by: string | null },
): Promise<{ id: string; message: string }> {
  const now = deps.now();
  const { kind, id } = options;
  // One act that keeps the feed invariants, like a save.
  await inFeedTransaction(deps, async ({ deps: { db: tx }, changes }) => {
    const where = and(eq(feedTrash.kind, kind), eq(feedTrash.id, id));
    const [trashed] = await tx.select().from(feedTrash).where(where);
    if (!trashed || now.getTime() - trashed.deletedAt.getTime() > UNDO_MS) {
      throw new AppError('undo_expired', {
        message: 'The delete can be undone for a minute only; save the entity again instead.',
      });
    }
    const row = trashed.row as TrashedRow;
    const [existing] = await tx
      .select({ id: feedEntities.id })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, kind), eq(feedEntities.id, id)));
    if (existing) {
      throw new AppError('undo_expired', {
        message: 'The entity was saved again since it was deleted; undo would overwrite that save.',
      });
    }
    await tx.insert(feedEntities).values({
      kind,
      id,
      pb: trashed.pb,
      json: row.json,
      tripId: row.tripId,
      updatedAt: new Date(row.updatedAt),
      updatedBy: row.updatedBy,
      createdAt: new Date(row.createdAt),
      expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
      revision: row.revision,
      draft: row.draft ?? false,
    });
    await tx.delete(feedTrash).where(where);
    await tx.insert(feedLog).values({
      kind,
      entityId: id,
      action: 'restore',
      at: now,
      by: options.by,
      json: row.json,
      tripId: row.tripId,
    });
    await markFeedChanged(tx, kind, now);
    changes.add(kind, options.by);
    changes.wrote(kind, [{ id, tripId: row.tripId }]);
  });
  return { id, message: 'Delete undone.' };
}
