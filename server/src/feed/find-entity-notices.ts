import type { FeedEntity } from '@feeddesk/proto';
import type { Deps } from '../deps.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';
import { readStopClosures } from './read-stop-closures.ts';
import { checkFeedEntityLettingPollsIn, type FeedNotice } from './rules/index.ts';

/**
 * Every feed-rule notice of an entity against the current schedule and the live trip updates:
 * what a save refuses on (errors) or answers with (warnings), and what the alert editor shows as
 * the controller types.
 */
export async function findEntityNotices(
  deps: Pick<Deps, 'db' | 'now'>,
  entity: FeedEntity,
  view: ScheduleView | null,
): Promise<FeedNotice[]> {
  const stopClosures = await readStopClosures(deps, entity);
  const languages = entity.alert ? await offeredTags(deps) : undefined;
  return checkFeedEntityLettingPollsIn(entity, { now: deps.now(), schedule: view, stopClosures, languages });
}

/** The tags of the languages the operator offers (its settings). */
export async function offeredTags(deps: Pick<Deps, 'db'>): Promise<string[]> {
  return (await getOperatorSettings(deps)).languages.map((l) => l.tag);
}
