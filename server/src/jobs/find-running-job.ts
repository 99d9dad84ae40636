import { jobs } from '@feeddesk/drizzle';
import { and, desc, eq } from 'drizzle-orm';
import { hasRole, type Role } from '../auth/roles.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { JobKind } from './job-message.ts';

/** The role that may start, and so follow, each kind of job (as getJobToFollow). */
const ROLE_OF: Record<JobKind, Role> = { schedule_upload: 'gtfs', summary: 'excel' };

/**
 * The newest job of this kind still running, or null: a screen opened (or reloaded) while an
 * upload or summary runs follows it from the start and so shows where it is.
 */
export async function findRunningJob(
  deps: Deps,
  options: { kind: JobKind; roles: readonly string[] },
): Promise<{ jobId: string; createdByName: string | null } | null> {
  const needed = ROLE_OF[options.kind];
  if (!hasRole(options.roles, needed))
    throw new AppError('forbidden', { message: `This job needs the '${needed}' role.` });
  const [job] = await deps.db
    .select({ jobId: jobs.id, createdByName: jobs.createdByName })
    .from(jobs)
    .where(and(eq(jobs.kind, options.kind), eq(jobs.status, 'working')))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return job ?? null;
}
