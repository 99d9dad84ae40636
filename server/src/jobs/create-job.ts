import { randomUUID } from 'node:crypto';
import { jobs } from '@feeddesk/drizzle';
import type { Deps } from '../deps.ts';
import type { JobKind } from './job-message.ts';

export async function createJob(
  deps: Deps,
  options: { kind: JobKind; createdBy?: { id: number; username: string } | null },
): Promise<{ jobId: string }> {
  const jobId = randomUUID();
  const now = deps.now();
  await deps.db.insert(jobs).values({
    id: jobId,
    kind: options.kind,
    status: 'working',
    createdBy: options.createdBy?.id ?? null,
    createdByName: options.createdBy?.username ?? null,
    createdAt: now,
    heartbeatAt: now,
  });
  return { jobId };
}
