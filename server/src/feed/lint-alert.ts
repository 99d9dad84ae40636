import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { entityRefs } from './entity-refs.ts';
import { findEntityNotices } from './find-entity-notices.ts';
import { readFeedEntity } from './read-feed-entity.ts';
import { type FeedNoticeJson, feedNoticeJson } from './rules/index.ts';

export type LintAlertOptions = { entity: object };

/**
 * The alert linter as the editor calls it while the controller types: the notices a save of this
 * alert would give (errors refuse it, warnings do not), without saving anything.
 */
export async function lintAlert(
  deps: Pick<Deps, 'db' | 'now'>,
  options: LintAlertOptions,
): Promise<FeedNoticeJson[]> {
  const entity = readFeedEntity({ json: options.entity });
  if (!entity.alert) throw new AppError('bad_request', { message: 'This call takes an alert.' });
  const view = await readScheduleView(deps, entityRefs(entity));
  return (await findEntityNotices(deps, entity, view)).map(feedNoticeJson);
}
