import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { convertUpload } from '@feeddesk/server/gtfs/index';

const bytes = readFileSync('/work/shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip');
const t = performance.now();
const converted = await convertUpload(bytes, { maxUnzippedBytes: 1024 ** 3 });
console.log(
  process.execArgv.join(' '),
  'read',
  Math.round(performance.now() - t),
  Math.round(process.memoryUsage().rss / 1e6),
);
