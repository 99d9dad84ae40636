import { jobMessages, jobs } from '@feeddesk/drizzle';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';

/** A job whose heartbeat (every 5 s) stopped this long ago died with its process. */
const STALE_MS = 20_000;

/** At start: jobs left running by a process that died are marked failed, with a message saying so. */
export async function markInterruptedJobs(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const stale = await deps.db
    .update(jobs)
    .set({ status: 'error', finishedAt: now })
    .where(and(eq(jobs.status, 'working'), lt(jobs.heartbeatAt, new Date(now.getTime() - STALE_MS))))
    .returning({ id: jobs.id, kind: jobs.kind });
  for (const job of stale) {
    await deps.db.insert(jobMessages).values({
      jobId: job.id,
      at: now,
      status: 'error',
      message: 'The server stopped while this job was running, so it did not finish. Start it again.',
    });
    await deps.bus.publish('job_message', job.id);
  }
  return stale.length;
}
