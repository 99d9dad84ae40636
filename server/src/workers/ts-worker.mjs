// Worker threads start from this plain module: it registers tsx, then imports the TypeScript
// entry named in workerData. (Node 20 does not apply --import hooks to a worker's entry file.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
