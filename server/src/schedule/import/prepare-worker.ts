import { parentPort, workerData } from 'node:worker_threads';
import { type PrepareScheduleOptions, prepareSchedule } from './prepare-schedule.ts';

/** Worker thread entry: prepares one upload and posts the result back. */
const { options } = workerData as { options: PrepareScheduleOptions };
prepareSchedule(options).then(
  (result) => parentPort!.postMessage({ ok: true, result }),
  (error: unknown) =>
    parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
