import type { AppDeps } from '../deps.ts';
import { isAppError } from '../errors.ts';
import type { ProgressPlan } from '../jobs/job-progress.ts';
import { startJob } from '../jobs/run-job.ts';
import { makeSummaryWorkbook } from './make-summary-workbook.ts';
import { countFeedLog } from './read-feed-log.ts';
import { saveSummaryFile } from './save-summary-file.ts';
import { resolveSummaryPeriod } from './summary-period.ts';
import { summaryTimezone } from './summary-timezone.ts';

/** A summary reads the log (most of its time) and then writes the sheets. */
export const SUMMARY_PROGRESS_PLAN: ProgressPlan = [
  ['read', 0.7],
  ['write', 0.3],
];

export type StartSummaryOptions = {
  createdBy: { id: number; username: string } | null;
  /** Local dates `YYYY-MM-DD` (agency time zone), both included; absent = all history. */
  from?: string | null;
  to?: string | null;
  /** Who holds the quota (`token:<id>` for an API token); absent: `user:<createdBy.id>`. */
  principal?: string | null;
};

/**
 * Starts a summary job and returns its id at once; the job ends with `success` and the file
 * name, or `error` and a sentence (docs/rest-api.md /ws `finished`). A bad period is refused here,
 * before any job exists.
 */
export async function startSummary(
  deps: AppDeps,
  options: StartSummaryOptions,
): Promise<{ jobId: string; finished: Promise<void> }> {
  const timezone = await summaryTimezone(deps);
  const period = resolveSummaryPeriod(options, timezone);
  const madeAt = deps.now();
  // A summary reads the whole history: one principal makes a few at once, not a thousand.
  const max = deps.config.SUMMARIES_PER_PRINCIPAL;
  const principal = options.principal ?? (options.createdBy ? `user:${options.createdBy.id}` : null);
  const release = principal
    ? deps.quotas.take('summaries_per_principal', principal, max, () =>
        deps.quotas.refusal(
          'summaries_per_principal',
          'too_many_summaries',
          `You have ${max} summaries being made already (SUMMARIES_PER_PRINCIPAL); wait until one is done, then start the next.`,
        ),
      )
    : () => {};
  let started: { jobId: string; finished: Promise<void> };
  try {
    started = await startSummaryJob(deps, options, { period, timezone, madeAt, release });
  } catch (error) {
    release();
    throw error;
  }
  started.finished.finally(release).catch(() => {});
  return started;
}

function startSummaryJob(
  deps: AppDeps,
  options: StartSummaryOptions,
  {
    period,
    timezone,
    madeAt,
    release,
  }: {
    period: ReturnType<typeof resolveSummaryPeriod>;
    timezone: string;
    madeAt: Date;
    /** Gives the quota back as the work ends, before the last message tells the client it is done. */
    release: () => void;
  },
) {
  return startJob(deps, {
    kind: 'summary',
    createdBy: options.createdBy,
    work: async (reporter) => {
      try {
        const tracker = reporter.tracker(SUMMARY_PROGRESS_PLAN);
        const rows = await countFeedLog(deps, period);
        tracker.update('read', 0, rows);
        const bytes = await makeSummaryWorkbook(deps, {
          period,
          timezone,
          onPage: (read) => tracker.update('read', Math.min(read, rows), rows),
          onSheet: (written, sheets) => tracker.update('write', written, sheets),
        });
        await tracker.flush();
        const name = await saveSummaryFile(deps, {
          madeAt,
          timezone,
          bytes,
          createdBy: options.createdBy?.username ?? null,
        });
        return { status: 'success', message: name, result: { name, size: bytes.length } };
      } finally {
        release();
      }
    },
    onError: (error) => ({
      status: 'error',
      message: isAppError(error)
        ? error.message
        : 'The summary could not be made. Try again; if it fails again, ask an administrator to look at the server log.',
    }),
  });
}
