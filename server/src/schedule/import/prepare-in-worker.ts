import { Worker } from 'node:worker_threads';
import type { PreparedSchedule, PrepareScheduleOptions } from './prepare-schedule.ts';

/** The worker runs TypeScript sources too: a plain bootstrap registers tsx, then imports the entry. */
const bootstrap = new URL('../../workers/ts-worker.mjs', import.meta.url);
const entry = new URL('./prepare-worker.ts', import.meta.url).href;

/** Runs prepareSchedule in a worker thread so reading and validating never stall the event loop. */
export function prepareInWorker(options: PrepareScheduleOptions): Promise<PreparedSchedule> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, {
      workerData: { entry, options },
      resourceLimits: { maxOldGenerationSizeMb: 4096 },
    });
    let settled = false;
    worker.once('message', (m: { ok: true; result: PreparedSchedule } | { ok: false; message: string }) => {
      settled = true;
      if (m.ok) resolve(m.result);
      else reject(new Error(m.message));
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The schedule worker stopped (exit code ${code}).`));
    });
  });
}
