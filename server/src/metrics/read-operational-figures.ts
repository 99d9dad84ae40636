import { feedEntities, feedState, scheduleVersions } from '@feeddesk/drizzle';
import { count, desc, eq } from 'drizzle-orm';
import { findConsistencyFindings } from '../consistency/find-consistency-findings.ts';
import type { FindingSeverity } from '../consistency/finding.ts';
import type { AppDeps } from '../deps.ts';
import { FEED_PATHS } from '../feed/feed-kind.ts';
import type { ScheduleCounts } from '../schedule/store-schedule-version.ts';

export type OperationalFigures = {
  /** Each feed by its URL name (`updates`, `alerts`, `positions`); changedAt null = never changed. */
  feeds: { feed: string; entities: number; changedAt: Date | null }[];
  findings: Record<FindingSeverity, number>;
  schedule: { counts: ScheduleCounts | null; activatedAt: Date | null } | null;
};

/** What /metrics reports of the shared state: the live feeds, their consistency, the current schedule. */
export async function readOperationalFigures(deps: AppDeps): Promise<OperationalFigures> {
  const [entityCounts, states, [current], findingList] = await Promise.all([
    deps.db
      .select({ kind: feedEntities.kind, entities: count() })
      .from(feedEntities)
      .groupBy(feedEntities.kind),
    deps.db.select().from(feedState),
    deps.db
      .select({ counts: scheduleVersions.counts, activatedAt: scheduleVersions.activatedAt })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'current'))
      .orderBy(desc(scheduleVersions.id))
      .limit(1),
    findConsistencyFindings(deps),
  ]);
  const findings: Record<FindingSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findingList) findings[f.severity]++;
  return {
    feeds: Object.entries(FEED_PATHS).map(([feed, kind]) => ({
      feed,
      entities: entityCounts.find((c) => c.kind === kind)?.entities ?? 0,
      changedAt: states.find((s) => s.kind === kind)?.changedAt ?? null,
    })),
    findings,
    schedule: current
      ? { counts: (current.counts as ScheduleCounts | null) ?? null, activatedAt: current.activatedAt }
      : null,
  };
}
