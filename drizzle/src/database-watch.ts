import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { postgresTarget } from './postgres-target.ts';

/** How often the server is asked `select 1` on a connection of the watch's own. */
const PROBE_EVERY_MS = 1_000;
/** A probe not answered within this is a server that does not answer (stopped, hung, swapped out). */
const PROBE_TIMEOUT_MS = 2_000;
/** While the server does not answer, a connection waiting this long for an answer is cut. */
const WAIT_GRACE_MS = 1_000;
/** How often the connections are looked at while the server does not answer. */
const SWEEP_EVERY_MS = 250;

/**
 * Whether the database answers, as a probe on a connection of its own sees it every second, and
 * the sockets of a pool, so that a server that stopped answering (SIGSTOP, a hung host, a network
 * that drops packets without a reset) fails the queries waiting on it within seconds instead of
 * holding them (and the requests behind them) for as long as it stays so: PostgreSQL's own timeouts
 * run in the server, and a stopped server runs none (docs/operations.md "Faults the product
 * survives"). A connection with nothing asked (the LISTEN one, idle ones) is left alone; one that
 * has waited WAIT_GRACE_MS for an answer is cut while the probe gets none, its queries then failing
 * as for a server that went away (503 `database_unreachable`).
 */
export type DatabaseWatch = {
  /** False from a probe unanswered for PROBE_TIMEOUT_MS until one is answered again. */
  responsive(): boolean;
  /** postgres.js's `socket` option: connects as the driver would, and keeps the socket watched. */
  socket: (options: { path?: string; host: string[]; port: number[] }) => Promise<Socket>;
  stop(): Promise<void>;
};

type Watched = { socket: Socket; read: number; written: number; waitingSince: number | undefined };

export function watchDatabase(url: string): DatabaseWatch {
  const watched = new Set<Watched>();
  let responsive = true;
  let stopped = false;

  // Handed over before it connects, as postgres.js's own socket is: a failed connect then ends
  // the connection the driver's usual way ('error', 'close'). A promise that rejected instead
  // left the driver's connection in its `connecting` queue for good, and the pool without it.
  const socket: DatabaseWatch['socket'] = async (options) => {
    // The first host of a multi-host URL: the product's URLs name one.
    const s = options.path ? connect(options.path) : connect(options.port[0]!, options.host[0]!);
    const entry: Watched = { socket: s, read: 0, written: 0, waitingSince: undefined };
    watched.add(entry);
    s.once('close', () => watched.delete(entry));
    return s;
  };

  /** Notes which sockets wait for an answer: written to since they last read. */
  const look = (now: number) => {
    for (const entry of watched) {
      const { bytesRead, bytesWritten } = entry.socket;
      if (bytesRead !== entry.read) {
        entry.read = bytesRead;
        entry.written = bytesWritten;
        entry.waitingSince = undefined;
      } else if (bytesWritten !== entry.written) {
        entry.written = bytesWritten;
        entry.waitingSince ??= now;
      }
    }
  };
  const cut = (now: number, graceMs: number) => {
    for (const entry of watched) {
      if (entry.waitingSince === undefined || now - entry.waitingSince < graceMs) continue;
      const error = Object.assign(
        new Error(`The database did not answer for ${Math.round((now - entry.waitingSince) / 1000)} s`),
        { code: 'ETIMEDOUT', syscall: 'read' },
      );
      entry.socket.destroy(error);
    }
  };

  const target = postgresTarget(url);
  const probe = postgres(target.url, {
    max: 1,
    onnotice: () => {},
    fetch_types: false,
    idle_timeout: 0,
    connect_timeout: PROBE_TIMEOUT_MS / 1000,
    // postgres.js waits up to 20 s before connecting again after failures: the probe would then
    // see a database that is back that much later.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.5),
    ...(target.path ? { path: target.path } : {}),
    // Its own sockets are watched too: a probe left waiting is cut with the others. (postgres.js
    // takes a `socket` function; its types do not name it.)
    ...({ socket } as object),
  });

  let sweeper: NodeJS.Timeout | undefined;
  const setResponsive = (value: boolean) => {
    if (value === responsive) return;
    responsive = value;
    clearInterval(sweeper);
    sweeper = undefined;
    if (!value) {
      sweeper = setInterval(() => {
        const now = performance.now();
        look(now);
        cut(now, WAIT_GRACE_MS);
      }, SWEEP_EVERY_MS);
      sweeper.unref();
    }
  };

  let probing: Promise<void> | undefined;
  const runProbe = async () => {
    const started = performance.now();
    look(started);
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      probe`select 1`.then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (stopped) return;
    if (answered) {
      setResponsive(true);
      return;
    }
    // Unanswered (or refused: a server that is down answers nothing either): every connection
    // that has waited since before the probe was sent waits in vain.
    const now = performance.now();
    look(now);
    if (now - started >= PROBE_TIMEOUT_MS) {
      setResponsive(false);
      cut(now, now - started);
    } else {
      // Refused at once: the server is down, and its connections are closed or cut by the kernel.
      setResponsive(false);
    }
  };
  const timer = setInterval(() => {
    probing ??= runProbe().finally(() => {
      probing = undefined;
    });
  }, PROBE_EVERY_MS);
  timer.unref();

  return {
    responsive: () => responsive,
    socket,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(sweeper);
      await probe.end({ timeout: 0 });
    },
  };
}
