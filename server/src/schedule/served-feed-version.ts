import type { CurrentSchedule } from './schedule-cache.ts';

/**
 * The name of the schedule version the feeds are about, served as `FeedHeader.feed_version` of all
 * three feeds (docs/rest-api.md, `GET /feed/updates`): feed_info's feed_version with the product's version
 * number (`2026-11+v12`), or the number alone (`v12`). Each new version changes it, planned works
 * and rollbacks included, even when the planners' file keeps its feed_info: a journey planner
 * holding realtime against the wrong timetable sees it at once.
 */
export function servedFeedVersion(
  current: Pick<CurrentSchedule, 'versionId' | 'feedVersion'> | null,
): string | null {
  if (!current) return null;
  return current.feedVersion ? `${current.feedVersion}+v${current.versionId}` : `v${current.versionId}`;
}
