// Worker threads start from this plain module: it registers tsx, then imports the TypeScript
// entry named in workerData. (Node 20 does not apply --import hooks to a worker's entry file.)
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// A thread of background work loads its modules at its own priority too (Linux: per thread;
// the loader thread register() starts inherits it).
if (typeof workerData.nice === 'number') {
  try {
    setPriority(0, workerData.nice);
  } catch {
    // Not allowed here: it loads at the process's priority.
  }
}
register();
await import(workerData.entry);
