import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { checkAlertSize } from './check-alert-size.ts';
import { entityRefs } from './entity-refs.ts';
import { findEntityNotices } from './find-entity-notices.ts';
import { readFeedEntity } from './read-feed-entity.ts';
import { type FeedNoticeJson, feedNoticeJson } from './rules/index.ts';

export type LintAlertOptions = { entity: object };

/**
 * The alert linter as the editor calls it while the controller types: the notices a save of this
 * alert would give (errors refuse it, warnings do not), without saving anything; 413 when the alert is larger than a save takes.
 */
export async function lintAlert(
  deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'quotas'>,
  options: LintAlertOptions,
): Promise<FeedNoticeJson[]> {
  const entity = readFeedEntity({ json: options.entity });
  if (!entity.alert) throw new AppError('bad_request', { message: 'This call takes an alert.' });
  // Linted as it would be saved: an alert too large to save is refused before any rule runs.
  checkAlertSize(deps, entity.alert);
  const view = await readScheduleView(deps, entityRefs(entity));
  return (await findEntityNotices(deps, entity, view)).map(feedNoticeJson);
}
