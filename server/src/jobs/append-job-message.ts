import { jobMessages, jobs } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isFinalStatus, type JobMessage } from './job-message.ts';

/**
 * Appends to the job's log (never rewrites it), closes the job on a final status, and tells every
 * process (NOTIFY) so live listeners anywhere get it.
 */
export async function appendJobMessage(
  deps: AppDeps,
  options: {
    jobId: string;
    status: JobMessage['status'];
    message: string;
    data?: Record<string, unknown>;
    result?: unknown;
  },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(jobMessages).values({
      jobId: options.jobId,
      at: now,
      status: options.status,
      message: options.message,
      data: options.data ?? null,
    });
    await tx
      .update(jobs)
      .set(
        isFinalStatus(options.status)
          ? { status: options.status, finishedAt: now, heartbeatAt: now, result: options.result ?? null }
          : { heartbeatAt: now },
      )
      .where(eq(jobs.id, options.jobId));
  });
  await deps.bus.publish('job_message', options.jobId);
}
