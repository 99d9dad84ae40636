// Entry for `npm start`, `npm test`, `npm run test:unit`, `npm run lint|typecheck|bench|backup|restore`.
// A fresh clone has only Node and npm: bring a pinned pnpm through npx, install from the
// lockfile when node_modules is missing or stale, then run the asked task.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = ['--yes', 'pnpm@10.34.9'];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const pnpm = (...args) => run('npx', [...PNPM, ...args]);

// The product as a service: a SIGTERM sent to this process alone (a container's stop, a process
// manager) reaches the product, which stops its embedded PostgreSQL cleanly; then this process ends
// as the product did (spawnSync left the product running, orphaned). Ctrl-C already reaches the
// product with the whole process group: passing it on too would be a second SIGINT, which ends the
// product at once instead of cleanly. This process killed (SIGKILL, which it cannot pass on), the
// product sees its IPC channel close and shuts down as on SIGTERM (gateway/src/support/launcher.ts):
// it and its embedded PostgreSQL were left serving, orphaned.
function serve(args, env) {
  const child = spawn('node', args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], cwd: root, env });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGINT', () => {});
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' ? 143 : 130)));
}
const mtime = (p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0);

function ensureInstalled() {
  const marker = 'node_modules/.modules.yaml';
  if (mtime(marker) >= mtime('pnpm-lock.yaml') && mtime(marker) > 0) return;
  pnpm('install', '--frozen-lockfile');
}

/** What the web build reads: its own sources and the workspace code it bundles. */
const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'server/src',
  'proto/src',
  'pnpm-lock.yaml',
];

/** The newest modification time under these paths (node_modules aside). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const name of readdirSync(path)) if (name !== 'node_modules') walk(join(path, name));
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

// Built again when a source is newer than the build: a start on a folder whose build is current
// leaves web/dist alone (rewriting it under a running product, or a test serving it, broke the
// pages it was serving).
function ensureWebBuilt(force = false) {
  if (!force && mtime('web/dist/index.html') > newestMtime(WEB_SOURCES)) return;
  pnpm('--filter', '@feeddesk/web', 'run', 'build');
}

// glibc gives each thread that allocates its own malloc arena and keeps what is freed there:
// every upload's worker thread left its arena behind (the product's RSS 1 214 -> 1 314 -> 1 361 MB
// over three Renfe uploads; with two arenas 1 125 / 1 140 / 1 133 MB, tests/bench/README.md).
// glibc reads it when the process starts, so it is set here, for the product's processes.
const productEnv = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

const task = process.argv[2];
ensureInstalled();
const tsx = ['--import', 'tsx'];
// gc() for the upload's thread between reading and validating (server/src/workers/collect-garbage.ts):
// five times Renfe's peak PSS 1 478 -> 1 362 MB. A flag of the process's start, never set later.
const product = ['--expose-gc', ...tsx];
switch (task) {
  case 'start':
    ensureWebBuilt();
    serve([...product, 'gateway/src/main-product.ts'], productEnv);
    break;
  case 'gateway':
    serve([...product, 'gateway/src/main.ts'], productEnv);
    break;
  case 'test':
    ensureWebBuilt(true);
    run('npx', ['vitest', 'run', ...process.argv.slice(3)]);
    break;
  case 'test:unit':
    // No web build and no PostgreSQL: the tests beside the code that open no database (vitest.unit.config.ts).
    run('npx', ['vitest', 'run', '--config', 'vitest.unit.config.ts', ...process.argv.slice(3)]);
    break;
  case 'lint':
    run('npx', ['biome', 'ci', '.']);
    break;
  case 'typecheck':
    run('npx', ['tsc', '-p', 'tsconfig.json']);
    break;
  case 'backup':
  case 'restore':
    run('node', [...tsx, 'drizzle/src/backup-command.ts', task, ...process.argv.slice(3)]);
    break;
  case 'bench':
    run('node', [...tsx, `tests/bench/${process.argv[3] ?? 'index'}.ts`, ...process.argv.slice(4)]);
    break;
  default:
    console.error(
      'usage: node scripts/run.mjs start|gateway|test|test:unit|lint|typecheck|bench|backup|restore',
    );
    process.exit(2);
}
