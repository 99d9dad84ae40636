import { holdDisruption } from '../approvals/hold-disruption.ts';
import { needsApproval } from '../approvals/pending-item.ts';
import type { AppDeps } from '../deps.ts';
import { assertRole } from '../http/require-role.ts';
import {
  type ApplyDisruptionOptions,
  type ApplyDisruptionResult,
  applyDisruption,
} from './apply-disruption.ts';
import type { DisruptionPublishAs } from './disruption-input.ts';
import { publishPlannedWorks } from './publish-planned-works.ts';

export type PublishDisruptionOptions = ApplyDisruptionOptions & {
  publishAs?: DisruptionPublishAs;
  /** Who asks: planned works make a schedule version, which needs the gtfs role as well. */
  user: Parameters<typeof assertRole>[0];
  /** Who holds the preview's quota: `user:<id>` or `token:<id>` (quotas/quotas.ts principalOf). */
  principal?: string | null;
};

/**
 * POST /feed/disruptions and the web form's apply, by where the disruption is published: the
 * realtime feed on the day (applyDisruption), or planned works in the schedule (publishPlannedWorks).
 */
export async function publishDisruption(
  deps: AppDeps,
  { principal, ...options }: PublishDisruptionOptions,
): Promise<PublishDisruptionResult> {
  if (!options.dryRun || !principal) return publishOnce(deps, options);
  // A preview rehearses the whole act over thousands of trips and waits its turn for a background
  // connection: one principal sending them without pause would fill that queue
  // (docs/rest-api.md "Quotas of a principal"). Held until the answer, whatever it is.
  const max = deps.config.PREVIEWS_PER_PRINCIPAL;
  const release = deps.quotas.take('previews_per_principal', principal, max, () =>
    deps.quotas.refusal(
      'previews_per_principal',
      'too_many_previews',
      `You have ${max} disruption previews running already (PREVIEWS_PER_PRINCIPAL); wait for their answers, then preview again.`,
    ),
  );
  try {
    return await publishOnce(deps, options);
  } finally {
    release();
  }
}

type PublishDisruptionResult = ApplyDisruptionResult & {
  versionId?: number | null;
  state?: 'pending' | 'published';
  pendingId?: string;
};

async function publishOnce(
  deps: AppDeps,
  { publishAs = 'feed', user, ...options }: Omit<PublishDisruptionOptions, 'principal'>,
): Promise<PublishDisruptionResult> {
  // A controller's trains (or a planner's version) change now; the alert told with them waits for
  // a second person while approval covers alerts (docs/contract-notes.md "Two-person approval and
  // publication times"), as "Tell riders" on a trip update does.
  const holdAlert =
    !options.dryRun &&
    Boolean(options.alert) &&
    Boolean(user) &&
    (await needsApproval(deps, 'alerts', user!.roles));
  if (publishAs === 'schedule') {
    assertRole(user, 'gtfs');
    return publishPlannedWorks(deps, { ...options, holdAlert });
  }
  // While approval holds disruptions, one by a user without the approve role waits whole for a
  // second person; a preview never waits.
  if (!options.dryRun && user && (await needsApproval(deps, 'disruptions', user.roles)))
    return holdDisruption(deps, { ...options, by: user.username });
  // The realtime answer stays as it was: versionId belongs to planned works.
  return applyDisruption(deps, { ...options, holdAlert });
}
