import { parentPort, workerData } from 'node:worker_threads';
import { ChunksAhead } from '../chunks-ahead.ts';

/** Makes `chunks` chunks of `bytes` each as the upload's thread does, telling each (chunks-ahead.test.ts). */
const { shared, limitKiB, chunks, bytes } = workerData as {
  shared: SharedArrayBuffer;
  limitKiB: number;
  chunks: number;
  bytes: number;
};
const ahead = new ChunksAhead(shared, limitKiB);
for (let i = 0; i < chunks; i++) {
  ahead.made(bytes, true);
  parentPort!.postMessage(i + 1);
}
