import { jobMessages, jobs } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { isFinalStatus, type JobMessage } from './job-message.ts';

/** One line of a job's log, as appended. */
export type JobLine = { message: string; data?: Record<string, unknown> };

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
  await appendJobLines(deps, options.jobId, options.status, [options], options.result);
}

/** Several working lines in one statement and one NOTIFY, in the order given. */
export async function appendJobLines(
  deps: AppDeps,
  jobId: string,
  status: JobMessage['status'],
  lines: JobLine[],
  result?: unknown,
): Promise<void> {
  if (lines.length === 0) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Multi-row INSERTs keep the given order in the ids (a job's log is read by id).
    for (let from = 0; from < lines.length; from += 1000) {
      const rows = lines.slice(from, from + 1000);
      await tx
        .insert(jobMessages)
        .values(
          rows.map((line) => ({ jobId, at: now, status, message: line.message, data: line.data ?? null })),
        );
    }
    await tx
      .update(jobs)
      .set(
        isFinalStatus(status)
          ? { status, finishedAt: now, heartbeatAt: now, result: result ?? null }
          : { heartbeatAt: now },
      )
      .where(eq(jobs.id, jobId));
  });
  await deps.bus.publish('job_message', jobId);
}

/**
 * A job's working lines, written in order: lines given while a write is under way are written
 * together by the next one. An upload names the direction derived for each of hundreds of
 * routes at once; one transaction and one NOTIFY each took seconds of a Renfe upload.
 * Each call resolves once its line is written; `drained` once every line given so far is.
 */
export function jobLineWriter(deps: AppDeps, jobId: string) {
  let waiting: JobLine[] = [];
  let batch: Promise<void> | undefined;
  let last: Promise<void> = Promise.resolve();
  return {
    write(line: JobLine): Promise<void> {
      waiting.push(line);
      if (!batch) {
        const next = last.then(() => {
          const lines = waiting;
          waiting = [];
          batch = undefined;
          return appendJobLines(deps, jobId, 'working', lines);
        });
        batch = next;
        last = next.catch(() => {});
      }
      return batch;
    },
    drained: () => last,
  };
}
