import { tripUpdateAlerts } from '@feeddesk/drizzle';
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntity } from '../feed/delete-feed-entity.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import type { FeedNoticeJson } from '../feed/rules/index.ts';
import { addedFindings } from './find-added-findings.ts';
import { findConsistencyFindings } from './find-consistency-findings.ts';
import type { Finding } from './finding.ts';
import { invariantCodes } from './rules/index.ts';
import { code as outlivedCode } from './rules/skipped-stop-alert-outlived.ts';

/** The error-level findings of the feed invariants, over the feed as `deps.db` sees it. */
export async function invariantErrors(deps: AppDeps): Promise<Finding[]> {
  const findings = await findConsistencyFindings(deps);
  return findings.filter((f) => f.severity === 'error' && invariantCodes.has(f.code));
}

/**
 * Run inside a feed transaction after its writes: ends the trip updates' own skipped-stop alerts
 * that this change outlived (a train cancelled or its skip removed without "Tell riders"; the
 * alert was only ever about that train), then refuses the whole change (422, rolled back) when it
 * still adds an error-level invariant finding to what `before` held. Findings already there (a
 * schedule change, time passing) never block an unrelated change.
 */
export async function keepFeedInvariants(feed: FeedTransaction, before: Finding[]): Promise<void> {
  let added = addedFindings(before, await invariantErrors(feed.deps));
  if (added.length === 0) return;
  if (await endOutlivedOwnAlerts(feed, added))
    added = addedFindings(before, await invariantErrors(feed.deps));
  if (added.length === 0) return;
  throw new AppError('feed_rules_failed', {
    message: added.map((f) => f.message).join(' '),
    details: { notices: added.map(noticeOf) },
  });
}

/** Ends the own alerts (trip_update_alerts) among the outlived skipped-stop alerts; whether any. */
async function endOutlivedOwnAlerts(feed: FeedTransaction, added: Finding[]): Promise<boolean> {
  const alertIds = added.filter((f) => f.code === outlivedCode).flatMap((f) => f.entityIds);
  if (alertIds.length === 0) return false;
  const own = await feed.deps.db
    .delete(tripUpdateAlerts)
    .where(inArray(tripUpdateAlerts.alertId, alertIds))
    .returning({ alertId: tripUpdateAlerts.alertId });
  for (const alertId of new Set(own.map((o) => o.alertId)))
    await deleteFeedEntity(feed.deps, {
      kind: 'alert',
      id: alertId,
      by: feed.changes.by,
      ifLive: true,
      changes: feed.changes,
    });
  return own.length > 0;
}

/** A finding in the shape of the feed rules' notices, which the editors show beside a refused save. */
const noticeOf = (f: Finding): FeedNoticeJson => ({
  code: f.code,
  severity: f.severity,
  entityId: f.entityIds[0] ?? '',
  field: '',
  message: f.message,
});
