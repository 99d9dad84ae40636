import { parentPort, workerData } from 'node:worker_threads';
import { treeMemoryPeaks } from './process-tree.ts';

// The thread of sampleTreeRss: samples until asked to stop, then answers the peaks.
const { root, everyMs } = workerData as { root: number; everyMs: number };
const memory = treeMemoryPeaks(root);
memory.sample();
const timer = setInterval(() => memory.sample(), everyMs);
parentPort!.once('message', () => {
  clearInterval(timer);
  parentPort!.postMessage(memory.peaks());
});
