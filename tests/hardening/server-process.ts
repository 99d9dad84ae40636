import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ADMIN } from '../support/test-app.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
};

/**
 * The real product as `npm start` runs it: `node --import tsx gateway/src/main-product.ts`, on its
 * embedded PostgreSQL in `dataDir` or on PostgreSQL at `databaseUrl`. Resolves once it answers HTTP.
 * `entry: 'gateway'`: the gateway alone as `npm run gateway` runs it (needs `databaseUrl`).
 */
export async function startServerProcess(options: {
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A command the product runs under, e.g. `['prlimit', '--nofile=200:200']`. */
  prefix?: string[];
  entry?: 'product' | 'gateway';
}): Promise<ServerProcess> {
  const gateway = options.entry === 'gateway';
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_SCHEDULE: 'true',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else env.DATA_DIR = options.dataDir!;
  const [command, ...args] = [
    ...(options.prefix ?? []),
    process.execPath,
    '--import',
    'tsx',
    `gateway/src/${gateway ? 'main' : 'main-product'}.ts`,
  ];
  const child = spawn(command!, args, {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that hangs is ended, not left behind the test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 90 s:\n${out}`));
    }, 90_000);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`server exited at start (${signal ?? `exit code ${code}`}):\n${out}`));
    };
    child.once('exit', onExit);
    child.stdout!.on('data', () => {
      if (out.includes(gateway ? 'Feed gateway ready' : 'Feed desk ready')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  return {
    url,
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The DATABASE_URL the product printed for its embedded PostgreSQL (the last start's). */
export function printedUrl(server: ServerProcess): string {
  const all = [...server.output().matchAll(/DATABASE_URL=(postgres:\/\/\S+?)\)/g)];
  expect(all.length, server.output()).toBeGreaterThan(0);
  return all.at(-1)![1]!;
}

/** The pid of the embedded PostgreSQL's postmaster in `dataDir` (a product's DATA_DIR). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * The embedded PostgreSQL's processes in `dataDir`: its postmaster and the postmaster's children
 * (each backend is a process group of its own, so a signal to the postmaster's group would reach
 * it alone).
 */
export function postgresProcesses(dataDir: string): number[] {
  const postmaster = postmasterPid(dataDir);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; a postgres comm has no ') '.
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Stops or continues them all; the postmaster first, so that it forks no new one meanwhile. */
export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * Listens on 127.0.0.1:port as soon as it is free (retrying every 5 ms, at most `timeoutMs`), so
 * that the supervisor's restarts of a killed embedded PostgreSQL fail meanwhile; a client that
 * connects (a gateway's pool) is cut at once. `release` lets it go.
 */
export async function holdPort(port: number, timeoutMs = 15_000): Promise<Server> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const server = createServer((socket) => socket.destroy());
    const error = await new Promise<Error | undefined>((done) => {
      server.once('error', done);
      server.listen(port, '127.0.0.1', () => done(undefined));
    });
    if (!error) return server;
    if (Date.now() > deadline) throw new Error(`port ${port} still taken after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Lets go of a port `holdPort` held. */
export const release = (server: Server) => new Promise<void>((done) => server.close(() => done()));
