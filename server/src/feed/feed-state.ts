import { feedState } from '@feeddesk/drizzle';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';
import type { FeedKind } from './feed-kind.ts';

/**
 * Records that a feed's content changed: the header timestamp moves to now (never backwards,
 * even if clocks of two processes disagree) and the revision increases.
 */
export async function markFeedChanged(db: DbOrTx, kind: FeedKind, now: Date): Promise<void> {
  await db
    .insert(feedState)
    .values({ kind, changedAt: now, revision: 1 })
    .onConflictDoUpdate({
      target: feedState.kind,
      set: {
        changedAt: sql`greatest(${feedState.changedAt}, ${now.toISOString()}::timestamptz)`,
        revision: sql`${feedState.revision} + 1`,
      },
    });
}
