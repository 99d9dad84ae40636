import { Worker } from 'node:worker_threads';
import type { EncodedChunk } from '../store/schedule-tables.ts';
import type { PreparedSchedule, PrepareScheduleOptions } from './prepare-schedule.ts';
import type { WorkerReply, WorkerRequest } from './prepare-worker.ts';

/** The worker runs TypeScript sources too: a plain bootstrap registers tsx, then imports the entry. */
const bootstrap = new URL('../../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./prepare-worker.ts', import.meta.url).href;

export type PreparedUpload = {
  result: Omit<PreparedSchedule, 'feed'>;
  /** The agency's time zone, and true when the schedule may be loaded. */
  timezone: string | null;
  /** feed_info.txt's feed_version, when given. */
  feedVersion: string | null;
  loadable: boolean;
  rowsToLoad: number;
  /** The COPY data of the new version, pulled chunk by chunk from the worker. */
  encode(versionId: number, chunkRows: number): AsyncIterable<EncodedChunk>;
  close(): Promise<void>;
};

/**
 * Reads, validates and (later) encodes an upload in a worker thread, so none of it stalls the
 * event loop that serves the feed. Call close() when done with it.
 */
export function prepareInWorker(
  options: Omit<PrepareScheduleOptions, 'onPhase'>,
  onPhase?: (phase: 'validate' | 'write') => void,
): Promise<PreparedUpload> {
  const worker = new Worker(bootstrap, {
    workerData: { entry, options },
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  let waiting: { resolve: (m: WorkerReply) => void; reject: (e: Error) => void } | null = null;
  let exited: Error | null = null;
  const next = () =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (exited) reject(exited);
      else waiting = { resolve, reject };
    });
  worker.on('message', (m: WorkerReply) => {
    if (m.type === 'phase') {
      onPhase?.(m.phase);
      return;
    }
    const w = waiting;
    waiting = null;
    if (m.type === 'failed') w?.reject(new Error(m.message));
    else w?.resolve(m);
  });
  const onGone = (error: Error) => {
    exited = error;
    waiting?.reject(error);
    waiting = null;
  };
  worker.on('error', onGone);
  worker.on('exit', (code) => onGone(new Error(`The schedule worker stopped (exit code ${code}).`)));
  const send = (request: WorkerRequest) => worker.postMessage(request);
  const close = async () => {
    await worker.terminate();
  };
  return next().then(
    (first) => {
      if (first.type !== 'prepared')
        throw new Error(`Unexpected message from the schedule worker: ${first.type}.`);
      return {
        result: first.result,
        timezone: first.timezone,
        feedVersion: first.feedVersion,
        loadable: first.loadable,
        rowsToLoad: first.rowsToLoad,
        async *encode(versionId: number, chunkRows: number) {
          send({ type: 'encode', versionId, chunkRows });
          for (;;) {
            const reply = next();
            send({ type: 'next' });
            const m = await reply;
            if (m.type === 'end') return;
            if (m.type === 'chunk') yield m.chunk;
          }
        },
        close,
      };
    },
    async (error: unknown) => {
      await close();
      throw error;
    },
  );
}
