import { feedEntities } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { storedJson } from '../feed/feed-transaction.ts';
import { publishAlert } from '../feed/publish-alert.ts';
import { needsApproval } from './pending-item.ts';
import { saveAlertWithApproval } from './save-alert-with-approval.ts';

/**
 * Publishing a draft is a save into the feed like any other: while approval is on, a user without
 * the approve role puts it up for approval (the draft stays a draft until then) instead.
 */
export async function publishDraftWithApproval(
  deps: AppDeps,
  options: { id: string; by: string; roles: readonly string[]; baseRevision?: number },
): Promise<{
  id: string;
  revision: number;
  message: string;
  state: 'published' | 'pending';
  pendingId?: string;
}> {
  if (!(await needsApproval(deps, 'alerts', options.roles))) {
    const published = await publishAlert(deps, options);
    return { ...published, state: 'published' };
  }
  const [draft] = await deps.db
    .select({ pb: feedEntities.pb, revision: feedEntities.revision, draft: feedEntities.draft })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, options.id)));
  if (!draft)
    throw new AppError('entity_not_found', {
      message: `There is no alert with id '${options.id}' to publish.`,
    });
  if (!draft.draft)
    return { id: options.id, revision: draft.revision, message: 'Already published.', state: 'published' };
  const held = await saveAlertWithApproval(deps, {
    entity: { json: storedJson(draft.pb) },
    by: options.by,
    roles: options.roles,
    log: true,
    baseRevision: options.baseRevision ?? draft.revision,
  });
  return {
    id: held.id,
    revision: held.revision,
    message: held.message,
    state: 'pending',
    ...(held.pendingId && { pendingId: held.pendingId }),
  };
}
