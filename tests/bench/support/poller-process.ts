import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export type PollerResult = {
  /** Latencies in ms from each poll's due time, sorted. */
  latencies: number[];
  failures: string[];
  sent: number;
  /** The poller's own event-loop delay (how late it may have read an answer), for the record. */
  ownLoopMs: { p99: number; max: number };
};

const main = fileURLToPath(new URL('./poller-main.ts', import.meta.url));

/**
 * The public feed polled at a steady `rate` per second (open loop: steady-poller.ts) from a
 * process of its own, in a session of its own: the benchmarks' editors and bookkeeping never
 * delay a poll or the reading of its answer, and Linux (autogroup) gives it its own share of the
 * cores, as a journey planner on another machine has its own.
 */
export async function startPollerProcess(url: string, rate: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', main, url, String(rate)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  // BENCH_POLLER_NICE=-10 (root): the poller ahead of the product for the CPU, as a journey planner on
  // a machine of its own would be; the feed's tail then shows the product's stalls without its own.
  if (process.env.BENCH_POLLER_NICE) {
    const nice = Number(process.env.BENCH_POLLER_NICE);
    setPriority(child.pid!, nice);
    // Its session's share too (Linux autogroup): the nice value alone weighs only inside the session.
    writeFileSync(`/proc/${child.pid}/autogroup`, String(nice));
  }
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    new Promise<void>((resolve) => {
      const started = () => {
        if (!out.startsWith('polling\n')) return;
        out = out.slice('polling\n'.length);
        child.stdout.off('data', started);
        resolve();
      };
      child.stdout.on('data', started);
    }),
    exited.then((code) => {
      throw new Error(`the poller exited with ${code} before polling`);
    }),
  ]);
  return {
    /** Stops polling, waits for the polls still out. */
    async stop(): Promise<PollerResult> {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the poller exited with ${code}`);
      return JSON.parse(out) as PollerResult;
    },
    /** For a cleanup on error. */
    kill: () => child.kill('SIGKILL'),
  };
}
