import { feedEntities, feedLog } from '@feeddesk/drizzle';
import { decodeFeedEntity } from '@feeddesk/proto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { checkAlertLanguages } from './check-alert-languages.ts';
import { entityRefs } from './entity-refs.ts';
import { markFeedChanged } from './feed-state.ts';
import { inFeedTransaction } from './feed-transaction.ts';
import { offeredTags } from './find-entity-notices.ts';
import { checkFeedEntityLettingPollsIn, feedNoticeJson, hasErrors } from './rules/index.ts';

export type PublishAlertOptions = {
  id: string;
  by: string | null;
  /** The revision the editor showed; a publish over a later save is refused (entity_changed). */
  baseRevision?: number;
};

export const PUBLISHED = ' ✅ Alert published!';

/**
 * Publishes a draft alert in one act: the same stored entity enters the public feed and its history.
 * The feed rules run again first, as the schedule may have changed since the draft was saved.
 * Publishing an alert that is already published changes nothing.
 */
export async function publishAlert(
  deps: AppDeps,
  options: PublishAlertOptions,
): Promise<{ id: string; revision: number; message: string }> {
  const { id } = options;
  const now = deps.now();
  const where = and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, id));
  const [current] = await deps.db
    .select({ pb: feedEntities.pb, revision: feedEntities.revision, draft: feedEntities.draft })
    .from(feedEntities)
    .where(where);
  if (!current) {
    throw new AppError('entity_not_found', { message: `There is no alert with id '${id}' to publish.` });
  }
  if (!current.draft) return { id, revision: current.revision, message: PUBLISHED };
  const entity = decodeFeedEntity(current.pb);
  // A draft may lack a language; the public feed may not (400 naming the missing ones).
  await checkAlertLanguages(deps, entity.alert);
  const found = await checkFeedEntityLettingPollsIn(entity, {
    now,
    schedule: await readScheduleView(deps, entityRefs(entity)),
    languages: await offeredTags(deps),
  });
  if (hasErrors(found)) {
    const notices = found.map(feedNoticeJson);
    throw new AppError('feed_rules_failed', {
      message: notices
        .filter((n) => n.severity === 'error')
        .map((n) => n.message)
        .join(' '),
      details: { notices },
    });
  }
  const base = options.baseRevision ?? current.revision;
  // One act that keeps the feed invariants (an alert published with a {placeholder} is refused).
  const revision = await inFeedTransaction(deps, async ({ deps: { db: tx }, changes }) => {
    const [published] = await tx
      .update(feedEntities)
      .set({
        draft: false,
        updatedAt: now,
        updatedBy: options.by,
        revision: sql`${feedEntities.revision} + 1`,
      })
      .where(and(where, eq(feedEntities.draft, true), eq(feedEntities.revision, base)))
      .returning({ revision: feedEntities.revision, json: feedEntities.json });
    if (!published) {
      throw new AppError('entity_changed', {
        message:
          'This alert was changed or published by someone else since you opened it. Reload, then publish.',
        details: { id },
      });
    }
    await tx
      .insert(feedLog)
      .values({ kind: 'alert', entityId: id, action: 'save', at: now, by: options.by, json: published.json });
    await markFeedChanged(tx, 'alert', now);
    changes.add('alert', options.by);
    changes.wrote('alert', [{ id }]);
    return published.revision;
  });
  return { id, revision, message: PUBLISHED };
}
