import { hasRole } from '../auth/roles.ts';
import type { AppDeps, Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { isDatabaseUnreachable } from '../health/database-unreachable.ts';
import { whileDatabaseAway } from '../health/while-database-away.ts';
import { isFinalStatus, type JobMessage } from './job-message.ts';
import { getJob, listJobMessages } from './list-job-messages.ts';

/**
 * The job, if a user with these roles may follow it: upload jobs need `gtfs`, summaries `excel`
 * (the roles that may start them). Every live edge (/ws, tRPC jobs.onMessage) asks here.
 */
export async function getJobToFollow(deps: Deps, options: { jobId: string; roles: readonly string[] }) {
  const job = await getJob(deps, options.jobId);
  const needed = job.kind === 'summary' ? 'excel' : 'gtfs';
  if (!hasRole(options.roles, needed))
    throw new AppError('forbidden', { message: `This job needs the '${needed}' role.` });
  return job;
}

/** Messages read and sent per turn of the event loop. */
const PAGE = 200;
/** How soon a follower reads again when the database could not be reached. */
const RETRY_MS = 1_000;

/**
 * Every message of a job from the start (or after `afterId`), then live ones until the final
 * one: what a client that joins late needs. Works across processes through the bus. Throws
 * `forbidden` before any message when the roles may not follow this job.
 */
export async function* followJob(
  deps: AppDeps,
  options: { jobId: string; roles: readonly string[]; afterId?: number; signal?: AbortSignal },
): AsyncGenerator<JobMessage> {
  await getJobToFollow(deps, options);
  let lastId = options.afterId ?? 0;
  let wake: (() => void) | undefined;
  let pending = true;
  const off = deps.bus.on('job_message', (jobId) => {
    if (jobId !== options.jobId) return;
    pending = true;
    wake?.();
  });
  // Listening again after the connection was lost: read what may have come meanwhile.
  const offResume = deps.bus.onResume(() => {
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  // A pause between reads of an away database, cut short by a message, a resumed bus or an abort;
  // the read after it covers the news.
  const napUntilNews = async (ms: number) => {
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, ms).unref();
    });
    wake = undefined;
    pending = false;
  };
  options.signal?.addEventListener('abort', onAbort);
  try {
    while (!options.signal?.aborted) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      pending = false;
      let page: JobMessage[];
      try {
        // The database away (restarting under the job, often the reason it fails): read again
        // once it is back, or sooner on news, rather than leave the follower without the job's end
        // (docs/operations.md "Faults the product survives").
        page = await whileDatabaseAway(
          () => listJobMessages(deps, { jobId: options.jobId, afterId: lastId, limit: PAGE }),
          { every: RETRY_MS, signal: options.signal, wait: napUntilNews },
        );
      } catch (error) {
        // Given up because the follower went away: it ends as it would have.
        if (options.signal?.aborted && isDatabaseUnreachable(error)) break;
        throw error;
      }
      for (const message of page) {
        lastId = message.id;
        yield message;
        if (isFinalStatus(message.status)) return;
      }
      // An upload writes hundreds of lines at once (a notice per route): a page at a time, with
      // a turn of the event loop between pages, so a follower never holds the loop for long.
      if (page.length === PAGE) {
        pending = true;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    off();
    offResume();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
