import type { AppDeps } from '../deps.ts';
import { isFinalStatus, type JobMessage } from './job-message.ts';
import { getJob, listJobMessages } from './list-job-messages.ts';

/**
 * Every message of a job from the start (or after `afterId`), then live ones until the final
 * one: what a client that joins late needs. Works across processes through the bus.
 */
export async function* followJob(
  deps: AppDeps,
  options: { jobId: string; afterId?: number; signal?: AbortSignal },
): AsyncGenerator<JobMessage> {
  await getJob(deps, options.jobId);
  let lastId = options.afterId ?? 0;
  let wake: (() => void) | undefined;
  let pending = true;
  const off = deps.bus.on('job_message', (jobId) => {
    if (jobId !== options.jobId) return;
    pending = true;
    wake?.();
  });
  const onAbort = () => wake?.();
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
      for (const message of await listJobMessages(deps, { jobId: options.jobId, afterId: lastId })) {
        lastId = message.id;
        yield message;
        if (isFinalStatus(message.status)) return;
      }
    }
  } finally {
    off();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
