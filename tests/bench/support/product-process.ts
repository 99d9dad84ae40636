import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp } from './process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type ProductProcess = {
  url: string;
  pid: number;
  /** Where its stdout and stderr go (the log a user of `npm start` sees), for the report. */
  logFile: string;
  stop(): Promise<void>;
};

/**
 * The product as `npm start` runs it (scripts/run.mjs: `node --import tsx gateway/src/main-product.ts`,
 * LOG_LEVEL info, its log written to a file), on the given database, on a free port. Benchmarks
 * measure this process, not an app built inside the benchmark's own process with logging off.
 */
export async function startProductProcess(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  entry?: 'gateway/src/main-product.ts' | 'gateway/src/main.ts';
}): Promise<ProductProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-product-'));
  const logFile = join(dir, 'product.log');
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_PRODUCT_NODE_ARGS: extra node flags for the product, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    [
      ...(process.env.BENCH_PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      options.entry ?? 'gateway/src/main-product.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_SCHEDULE: 'false',
        LOG_LEVEL: 'info',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForHttp(`${url}/auth/csrf`, 60_000),
      exited.then(() => {
        throw new Error(`the product exited at start; see ${logFile}`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
      if (!process.env.BENCH_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
    },
  };
}
