import { Worker } from 'node:worker_threads';
import { LOAD_NICE } from '../../workers/background-priority.ts';
import type { CopyReply, CopyRequest } from './copy-worker.ts';
import type { EncodedChunk } from './schedule-tables.ts';

const bootstrap = new URL('../../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./copy-worker.ts', import.meta.url).href;

/** Chunks (of up to 20 000 rows, ~1 MB) the thread may hold at once. */
const COPY_WINDOW = 4;

/**
 * A thread silent this long (an index build, or a COPY whose connection died unnoticed) has its
 * connection's server process looked for every COPY_WATCH_MS: gone (the database restarted under
 * it) or not found COPY_WATCH_MISSES times running (the database cannot be reached), the load
 * fails instead of waiting for ever. The postgres driver may never settle a COPY whose socket the
 * database dropped mid-stream (docs/operations.md "Faults the product survives"): the load pipeline waited > 10 min.
 */
const COPY_SILENCE_MS = 20_000;
const COPY_WATCH_MS = 5_000;
const COPY_WATCH_MISSES = 3;

/** Whether the database still has the server process `pid`: false when it is gone; throws when it cannot tell. */
export type BackendAlive = (pid: number) => Promise<boolean>;

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
  backendAlive?: BackendAlive,
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
  let lastHeard = performance.now();
  let backendPid: number | null = null;
  let lost: ((error: Error) => void) | null = null;
  const finished = new Promise<void>((resolve, reject) => {
    lost = reject;
    worker.on('message', (m: CopyReply) => {
      lastHeard = performance.now();
      if (m.type === 'backend') backendPid = m.pid;
      else if (m.type === 'rows') {
        copied++;
        woken();
        progress.onRows(m.table, m.rows);
      } else if (m.type === 'table') progress.onTable(m.table, m.label);
      else if (m.type === 'done') resolve();
      else
        reject(
          Object.assign(
            new Error(m.message),
            m.code ? { code: m.code } : {},
            m.syscall ? { syscall: m.syscall } : {},
          ),
        );
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`The schedule load's thread stopped (exit code ${code}).`)));
  });
  const watch =
    backendAlive &&
    watchBackend(
      backendAlive,
      () => ({ lastHeard, backendPid }),
      (error) => lost?.(error),
    );
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
    if (watch) clearInterval(watch);
    abandoned.removeEventListener('abort', woken);
    await worker.terminate();
  }
}

/** The watchdog of COPY_SILENCE_MS: calls `lose` once the thread's connection is known dead. */
export function watchBackend(
  backendAlive: BackendAlive,
  heard: () => { lastHeard: number; backendPid: number | null },
  lose: (error: Error) => void,
  timing = { silenceMs: COPY_SILENCE_MS, everyMs: COPY_WATCH_MS, misses: COPY_WATCH_MISSES },
): NodeJS.Timeout {
  let misses = 0;
  let looking = false;
  let failed = false;
  const fail = (why: string) => {
    if (failed) return;
    failed = true;
    lose(
      Object.assign(
        new Error(`The schedule load lost its database connection (${why}); upload the file again.`),
        {
          code: '57P01',
        },
      ),
    );
  };
  const timer = setInterval(() => {
    const { lastHeard, backendPid } = heard();
    if (failed || looking || backendPid === null || performance.now() - lastHeard < timing.silenceMs) return;
    looking = true;
    const asked = backendAlive(backendPid);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no answer')), timing.everyMs).unref(),
    );
    Promise.race([asked, timeout])
      .then(
        (alive) => {
          misses = 0;
          if (!alive) fail('the database restarted under it');
        },
        () => {
          misses++;
          if (misses >= timing.misses) fail('the database cannot be reached');
        },
      )
      .finally(() => {
        looking = false;
      });
  }, timing.everyMs);
  timer.unref();
  return timer;
}
