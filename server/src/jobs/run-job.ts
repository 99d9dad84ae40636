import { jobs } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isAppError } from '../errors.ts';
import { whileDatabaseAway } from '../health/while-database-away.ts';
import { appendJobMessage, jobLineWriter } from './append-job-message.ts';
import { createJob } from './create-job.ts';
import type { JobKind, JobMessage } from './job-message.ts';
import { createProgressTracker, type ProgressPlan, type ProgressTracker } from './job-progress.ts';

export type JobReporter = {
  jobId: string;
  /** Appends a working line; lines given together are written in one go, in order. */
  progress(message: string, data?: Record<string, unknown>): Promise<void>;
  /** Structured progress through the plan's phases, written as messages with an empty text. */
  tracker(plan: ProgressPlan): ProgressTracker;
};

export type JobOutcome = {
  status: JobMessage['status'];
  message: string;
  data?: Record<string, unknown>;
  result?: unknown;
};

const HEARTBEAT_MS = 5_000;

/** How long a job's end waits for a database that went away (docs/operations.md "Faults the product survives"). */
const END_RETRY_MS = 60_000;
const END_RETRY_EVERY_MS = 2_000;

/**
 * Starts a job and returns its id at once; `work` runs in the background, reports progress, and
 * its outcome (or error) becomes the final message. A heartbeat marks the job alive so a restart
 * elsewhere can tell it from a job whose process died.
 */
export async function startJob(
  deps: AppDeps,
  options: {
    kind: JobKind;
    createdBy?: { id: number; username: string } | null;
    work: (reporter: JobReporter) => Promise<JobOutcome>;
    onError?: (error: unknown) => JobOutcome;
  },
): Promise<{ jobId: string; finished: Promise<void> }> {
  const { jobId } = await createJob(deps, options);
  const lines = jobLineWriter(deps, jobId);
  const reporter: JobReporter = {
    jobId,
    progress: (message, data) => lines.write({ message, data }),
    tracker: (plan) =>
      createProgressTracker(
        plan,
        (progress) => appendJobMessage(deps, { jobId, status: 'working', message: '', data: { progress } }),
        { onError: (err) => deps.log.warn({ err, jobId }, 'progress message not saved') },
      ),
  };
  const heartbeat = setInterval(() => {
    deps.db
      .update(jobs)
      .set({ heartbeatAt: deps.now() })
      .where(eq(jobs.id, jobId))
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const started = performance.now();
  const finished = (async () => {
    let outcome: JobOutcome;
    try {
      outcome = await options.work(reporter);
    } catch (error) {
      if (!isAppError(error)) deps.log.error({ err: error, jobId }, 'job failed');
      outcome = options.onError?.(error) ?? {
        status: 'error',
        message: isAppError(error) ? error.message : 'The job failed on the server. Try again.',
      };
    } finally {
      clearInterval(heartbeat);
    }
    // Lines given without waiting for them come before the last one.
    await lines.drained();
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.jobDuration.observe({ kind: options.kind, status: outcome.status }, seconds);
    await saveJobEnd(deps, jobId, outcome);
  })();
  return { jobId, finished };
}

/**
 * The job's last message, saved again every END_RETRY_EVERY_MS while the database cannot be
 * reached (a job that failed because the database went away ends as that happens, while it
 * restarts): saved once it is back, the user reads why the job failed, not the interrupted-jobs
 * check's "the server stopped" 20 s later.
 */
async function saveJobEnd(deps: AppDeps, jobId: string, outcome: JobOutcome): Promise<void> {
  try {
    await whileDatabaseAway(() => appendJobMessage(deps, { jobId, ...outcome }), {
      every: END_RETRY_EVERY_MS,
      for: END_RETRY_MS,
    });
  } catch (err) {
    deps.log.error({ err, jobId }, 'job end not saved');
  }
}
