import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { LOAD_NICE } from '../../workers/background-priority.ts';
import { ChunksAhead } from '../../workers/chunks-ahead.ts';
import { messageQueue } from '../../workers/message-queue.ts';
import type { EncodedChunk } from '../store/schedule-tables.ts';
import type { PreparedSchedule, PrepareScheduleOptions } from './prepare-schedule.ts';
import type { WorkerReply, WorkerRequest } from './prepare-worker.ts';

/** The worker runs TypeScript sources too: a plain bootstrap registers tsx, then imports the entry. */
const bootstrap = new URL('../../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./prepare-worker.ts', import.meta.url).href;

export type PreparedResult = { result: Omit<PreparedSchedule, 'feed'>; loadable: boolean };

/** An upload read by the worker: what the load needs to start while the worker validates. */
export type ReadUpload = {
  /** The agency's time zone; null when the schedule cannot be loaded. */
  timezone: string | null;
  /** Why the agency's time zone refuses the load, when it does. */
  timezoneError: string | null;
  feedVersion: string | null;
  readable: boolean;
  kind: PreparedSchedule['kind'];
  /** Once the whole file is read (a zip's stop times load meanwhile): the rows the load copies. */
  readDone: Promise<{ rowsToLoad: number }>;
  /** Starts encoding the new version: its COPY chunks as the worker makes them. Call once, or skipLoad. */
  encode(versionId: number, chunkRows: number): AsyncIterable<EncodedChunk>;
  /** Tell the worker nothing will be loaded (it validates only). */
  skipLoad(): void;
  /** Validation's result (the report, the notices), once the worker is done. */
  prepared: Promise<PreparedResult>;
  close(): Promise<void>;
};

/**
 * Reads, validates and encodes an upload in a worker thread, so none of it stalls the event loop
 * that serves the feed. Resolves once the schedule can start loading (a zip: all but its
 * stop_times.txt read); reading the rest and validating go on in the worker while the caller
 * loads. Call close() when done with it.
 */
export function readInWorker(
  options: Omit<PrepareScheduleOptions, 'onPhase' | 'afterRead'>,
  onPhase?: (phase: 'validate' | 'write') => void,
  /**
   * The worker's JavaScript heap. V8 lets garbage stand until its heap nears the limit: with 4 GB,
   * five times Renfe peaked at 2.15 GB RSS for the product's process, with 1.5 GB at 1.48 GB.
   */
  heapMb = 1536,
): Promise<ReadUpload> {
  const ahead = new ChunksAhead();
  const worker = startThread(options, heapMb, ahead);
  const read = settleable<Extract<WorkerReply, { type: 'read' }>>();
  const readDone = settleable<{ rowsToLoad: number }>();
  const prepared = settleable<PreparedResult>();
  // Chunks arrive faster than COPY takes them; they wait here (transferred bytes, not copies),
  // up to what the worker may make ahead of the load (ChunksAhead) while it reads.
  const chunks = messageQueue<EncodedChunk>();
  /** Set once the worker has said all it had to say ('prepared'): it is stopped then. */
  let retired = false;
  const fail = (error: Error) => {
    read.reject(error);
    readDone.reject(error);
    prepared.reject(error);
    chunks.fail(error);
  };
  worker.on('message', (m: WorkerReply) => {
    if (m.type === 'phase') onPhase?.(m.phase);
    else if (m.type === 'read') read.resolve(m);
    else if (m.type === 'read_done') readDone.resolve({ rowsToLoad: m.rowsToLoad });
    else if (m.type === 'chunk') chunks.push(m.chunk);
    else if (m.type === 'end') chunks.end();
    else if (m.type === 'encode_failed') chunks.fail(new Error(m.message));
    else if (m.type === 'prepared') {
      // A file that could not be read has no 'read' step worth waiting for.
      read.reject(new Error('The schedule worker validated without reading.'));
      prepared.resolve({ result: m.result, loadable: m.loadable });
      // Its last word (every chunk came before it): its heap, the whole feed read and validation's
      // indexes with their garbage, is freed now rather than once the load has copied and indexed.
      retired = true;
      void worker.terminate();
    } else fail(new Error(m.message));
  });
  worker.on('error', (error: Error & { code?: string }) =>
    fail(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? // The upload's job says this sentence (an AppError's message), not "failed on the server".
          new AppError('validation_failed', {
            message: `The schedule is too large to read in the ${heapMb} MB the server gives an upload; nothing was changed. An administrator can raise IMPORT_HEAP_MB (or UNZIPPED_MAX_MB, which raises it too).`,
          })
        : error,
    ),
  );
  worker.on('exit', (code) => {
    if (!retired) fail(new Error(`The schedule worker stopped (exit code ${code}).`));
  });
  prepared.promise.catch(() => {});
  readDone.promise.catch(() => {});
  const send = (request: WorkerRequest) => worker.postMessage(request);
  const close = async () => {
    await worker.terminate();
  };
  return read.promise.then(
    (m) => ({
      timezone: m.timezone,
      timezoneError: m.timezoneError,
      feedVersion: m.feedVersion,
      readable: m.readable,
      kind: m.kind,
      readDone: readDone.promise,
      encode(versionId, chunkRows) {
        send({ type: 'encode', versionId, chunkRows });
        return taking(chunks.iterate(), ahead);
      },
      skipLoad: () => send({ type: 'skip' }),
      prepared: prepared.promise,
      close,
    }),
    async (error: unknown) => {
      await close();
      throw error;
    },
  );
}

/** The chunks as the load takes them, counted off what the worker has made ahead of it. */
async function* taking(
  chunks: AsyncIterable<EncodedChunk>,
  ahead: ChunksAhead,
): AsyncGenerator<EncodedChunk> {
  try {
    for await (const chunk of chunks) {
      ahead.taken(chunk.csv.byteLength);
      yield chunk;
    }
  } finally {
    // Done, failed or abandoned: the worker must not wait for a load that takes no more.
    ahead.release();
  }
}

function settleable<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  let settled = false;
  const promise = new Promise<T>((res, rej) => {
    resolve = (value) => {
      if (!settled) res(value);
      settled = true;
    };
    reject = (error) => {
      if (!settled) rej(error);
      settled = true;
    };
  });
  return { promise, resolve, reject };
}

/**
 * The upload's thread, at the load's priority from its first line (its modules, and the loader
 * thread tsx starts, load at it too).
 */
function startThread(
  options: Omit<PrepareScheduleOptions, 'onPhase' | 'afterRead'>,
  heapMb: number,
  ahead: ChunksAhead,
): Worker {
  return new Worker(bootstrap, {
    // The bytes go over shared (a SharedArrayBuffer's view) or copied; nothing else is large.
    workerData: { entry, options, nice: LOAD_NICE, ahead: ahead.shared },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
}
