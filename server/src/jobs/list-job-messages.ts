import { jobMessages, jobs } from '@feeddesk/drizzle';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { JobMessage } from './job-message.ts';
import type { JobProgress } from './job-progress.ts';

export async function getJob(deps: Deps, jobId: string) {
  const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new AppError('job_not_found', { message: `There is no job '${jobId}'. Start it again.` });
  return job;
}

/** The job's messages after `afterId` (0 = from the start), oldest first; at most `limit` when given. */
export async function listJobMessages(
  deps: Pick<Deps, 'db'>,
  options: { jobId: string; afterId?: number; limit?: number },
): Promise<JobMessage[]> {
  const query = deps.db
    .select()
    .from(jobMessages)
    .where(and(eq(jobMessages.jobId, options.jobId), gt(jobMessages.id, options.afterId ?? 0)))
    .orderBy(asc(jobMessages.id));
  const rows = await (options.limit === undefined ? query : query.limit(options.limit));
  return rows.map((r) => {
    const data = (r.data ?? undefined) as Record<string, unknown> | undefined;
    return {
      id: r.id,
      jobId: r.jobId,
      at: r.at.toISOString(),
      status: r.status as JobMessage['status'],
      message: r.message,
      ...(data && 'validation_report' in data ? { validation_report: Boolean(data.validation_report) } : {}),
      ...(data?.progress ? { progress: data.progress as JobProgress } : {}),
      ...(data ? { data } : {}),
    };
  });
}
