import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMemoryLimit, type MemoryLimit } from './memory-limit.ts';
import { freePort, waitForHttp } from './process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type ProductProcess = {
  url: string;
  /** The database it uses: the given one, or the URL it printed for its own embedded PostgreSQL. */
  databaseUrl: string;
  pid: number;
  /** Where its stdout and stderr go (the log a user of `npm start` sees), for the report. */
  logFile: string;
  /** With BENCH_MEMORY_LIMIT_MB: the memory cgroup the product and its PostgreSQL run in. */
  memoryLimit?: MemoryLimit;
  stop(): Promise<void>;
};

/**
 * The product as `npm start` runs it (scripts/run.mjs: `node --expose-gc --import tsx gateway/src/main-product.ts`,
 * LOG_LEVEL info, its log written to a file), on the given database, on a free port. Benchmarks
 * measure this process, not an app built inside the benchmark's own process with logging off.
 */
export async function startProductProcess(options: {
  /** Without one, the product starts its own embedded PostgreSQL in a temporary DATA_DIR, as `npm start` does. */
  databaseUrl?: string;
  env?: Record<string, string>;
  entry?: 'gateway/src/main-product.ts' | 'gateway/src/main.ts';
  /** A port of its own (a restart on the port it had); a free one by default. */
  port?: number;
}): Promise<ProductProcess> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-product-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must pass through this folder.
  chmodSync(dir, 0o755);
  const logFile = join(dir, 'product.log');
  // Its output straight into the file, as `npm start > file` would: never through this process, whose
  // pauses would then block the product's writes to a full pipe.
  const log = openSync(logFile, 'a');
  // BENCH_MEMORY_LIMIT_MB: the product and its PostgreSQL held to that much memory (a smaller machine).
  const limitMb = Number(process.env.BENCH_MEMORY_LIMIT_MB ?? 0);
  const memoryLimit = limitMb > 0 ? createMemoryLimit(limitMb) : undefined;
  const node: [string, string[]] = [
    process.execPath,
    // BENCH_PRODUCT_NODE_ARGS: extra node flags for the product, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    [
      ...(process.env.BENCH_PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      // As scripts/run.mjs starts the product (gc() for the upload's thread between its phases).
      '--expose-gc',
      '--import',
      'tsx',
      options.entry ?? 'gateway/src/main-product.ts',
    ],
  ];
  const child: ChildProcess = spawn(...(memoryLimit ? memoryLimit.wrap(...node) : node), {
    cwd: root,
    env: {
      ...withoutDatabase(process.env),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: join(dir, 'data') }),
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SCHEDULE: 'false',
      LOG_LEVEL: 'info',
      // As scripts/run.mjs starts the product (two malloc arenas).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      // BENCH_START_SECONDS: a machine busy with other jobs starts the product (and its PostgreSQL) slowly.
      waitForHttp(`${url}/auth/csrf`, Number(process.env.BENCH_START_SECONDS ?? 60) * 1000),
      exited.then(() => {
        throw new Error(`the product exited at start; see ${logFile}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    await memoryLimit?.remove();
    throw error;
  }
  // The ready line comes after the first answer, through a pipe: wait for it.
  for (let i = 0; i < 100 && !/ready at/.test(readFileSync(logFile, 'utf8')); i++)
    await new Promise((r) => setTimeout(r, 50));
  const printed = /DATABASE_URL=(postgres:\/\/[^\s)]+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
  const databaseUrl = options.databaseUrl ?? printed;
  if (!databaseUrl)
    throw new Error(`the product printed no DATABASE_URL of its embedded PostgreSQL; see ${logFile}`);
  return {
    url,
    databaseUrl,
    pid: child.pid!,
    logFile,
    memoryLimit,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      closeSync(log);
      await memoryLimit?.remove();
      if (!process.env.BENCH_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The bench's own DATABASE_URL must not leak into a product meant to run its embedded PostgreSQL. */
function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = env;
  return rest;
}
