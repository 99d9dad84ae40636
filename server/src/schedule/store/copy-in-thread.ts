import { Worker } from 'node:worker_threads';
import { LOAD_NICE } from '../../workers/background-priority.ts';
import type { CopyReply, CopyRequest } from './copy-worker.ts';
import type { EncodedChunk } from './schedule-tables.ts';

const bootstrap = new URL('../../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./copy-worker.ts', import.meta.url).href;

/** Chunks (of up to 20 000 rows, ~1 MB) the thread may hold at once. */
const COPY_WINDOW = 4;

export type CopyProgress = {
  /** After each chunk copied: its table and rows. */
  onRows(table: string, rows: number): void;
  /** After each table's COPY completed. */
  onTable(table: string, label: string): void;
};

/**
 * COPYs a schedule's encoded chunks into the database at `url` from a thread of its own, one COPY
 * per table (copy-worker.ts); this thread only hands the bytes over (transferred, not copied).
 * Stops handing over once `abandoned` fires, and the thread's COPY then fails. Resolves when
 * every COPY has completed; rejects with the database's message when one fails.
 */
export async function copyInThread(
  url: string,
  /** The version loaded: its stop times go into a partition of their own. */
  versionId: number,
  chunks: AsyncIterable<EncodedChunk>,
  progress: CopyProgress,
  abandoned: AbortSignal,
): Promise<void> {
  // Its modules load at the load's priority too (and the loader thread tsx starts inherits it).
  const worker = new Worker(bootstrap, { workerData: { entry, url, versionId, nice: LOAD_NICE } });
  const send = (request: CopyRequest, transfer: ArrayBuffer[] = []) => worker.postMessage(request, transfer);
  // Chunks handed over and not yet copied: at most COPY_WINDOW, so the rest wait where their
  // maker counts them (chunks-ahead.ts) instead of piling up in the thread's queue.
  let handedOver = 0;
  let copied = 0;
  let wake: (() => void) | null = null;
  const woken = () => {
    wake?.();
    wake = null;
  };
  const finished = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: CopyReply) => {
      if (m.type === 'rows') {
        copied++;
        woken();
        progress.onRows(m.table, m.rows);
      } else if (m.type === 'table') progress.onTable(m.table, m.label);
      else if (m.type === 'done') resolve();
      else reject(Object.assign(new Error(m.message), m.code ? { code: m.code } : {}));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`The schedule load's thread stopped (exit code ${code}).`)));
  });
  // The thread may fail (a duplicate key) while chunks still come: stop handing them over then.
  let failed = false;
  finished.then(woken, () => {
    failed = true;
    woken();
  });
  abandoned.addEventListener('abort', woken);
  try {
    for await (const chunk of chunks) {
      if (failed) break;
      if (abandoned.aborted) {
        send({ type: 'abort' });
        break;
      }
      const { csv } = chunk;
      // The worker's chunks own their bytes: hand them over. A view on shared bytes is copied.
      const owned = csv.byteOffset === 0 && csv.byteLength === csv.buffer.byteLength;
      send({ type: 'chunk', chunk }, owned ? [csv.buffer as ArrayBuffer] : []);
      handedOver++;
      while (handedOver - copied >= COPY_WINDOW && !failed && !abandoned.aborted) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
    send({ type: 'end' });
    await finished;
  } finally {
    abandoned.removeEventListener('abort', woken);
    await worker.terminate();
  }
}
