import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertRole } from '../http/require-role.ts';
import {
  type ApplyDisruptionOptions,
  type ApplyDisruptionResult,
  applyDisruption,
} from './apply-disruption.ts';
import { DISRUPTION_ACTIONS, type DisruptionAction, type DisruptionPublishAs } from './disruption-input.ts';
import { publishPlannedWorks } from './publish-planned-works.ts';

export type PublishDisruptionOptions = Omit<ApplyDisruptionOptions, 'action'> & {
  action: Omit<DisruptionAction, 'type'> & { type: string };
  publishAs?: DisruptionPublishAs;
  /** Who asks: planned works make a schedule version, which needs the gtfs role as well. */
  user: Parameters<typeof assertRole>[0];
};

/**
 * POST /feed/disruptions and the web form's apply, by where the disruption is published: the
 * realtime feed on the day (applyDisruption), or planned works in the schedule (publishPlannedWorks).
 */
export async function publishDisruption(
  deps: AppDeps,
  { publishAs = 'feed', user, ...options }: PublishDisruptionOptions,
): Promise<ApplyDisruptionResult & { versionId?: number | null }> {
  if (publishAs === 'schedule') {
    assertRole(user, 'gtfs');
    return publishPlannedWorks(deps, options);
  }
  if (!(DISRUPTION_ACTIONS as readonly string[]).includes(options.action.type))
    throw new AppError('validation_failed', {
      message: `${options.action.type} is published as planned works in the schedule here: send "publishAs": "schedule" with a date from tomorrow on.`,
    });
  // The realtime answer stays as it was: versionId belongs to planned works.
  return applyDisruption(deps, { ...options, action: options.action as DisruptionAction });
}
