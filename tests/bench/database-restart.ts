/**
 * The figure "time from killing the embedded PostgreSQL to /readyz 200 again" (target
 * < 30 s). The product as `npm start` runs it, on its embedded PostgreSQL in a temporary DATA_DIR;
 * its postmaster is killed with SIGKILL `rounds` times (5 s apart), each timed from the kill to the
 * first /readyz 503 and to /readyz 200 again (polled every 20 ms, each probe bounded by 10 s).
 *
 *   npm run bench -- database-restart [rounds=5]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Cleanup } from './support/process.ts';
import { startProductProcess } from './support/product-process.ts';

const TARGET_MS = 30_000;
const rounds = Number(process.argv[2] ?? 5);

async function readyz(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function until(url: string, status: number, since: number): Promise<number> {
  for (;;) {
    if ((await readyz(url)) === status) return Date.now() - since;
    if (Date.now() - since > 120_000) throw new Error(`/readyz not ${status} within 120 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const cleanup = new Cleanup();
try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const product = await startProductProcess({ env: { DEMO_SCHEDULE: 'true' } });
  cleanup.add('product', () => product.stop());
  const pidFile = join(dirname(product.logFile), 'data', 'postgres', 'postmaster.pid');
  const figures: { down: number; back: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    await new Promise((r) => setTimeout(r, 5_000));
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
    const killed = Date.now();
    const down = await until(product.url, 503, killed);
    const back = await until(product.url, 200, killed);
    figures.push({ down, back });
    console.log(`round ${round + 1}: /readyz 503 after ${down} ms, 200 again after ${back} ms`);
  }
  const backs = figures.map((f) => f.back).sort((a, b) => a - b);
  const median = backs[Math.floor(backs.length / 2)]!;
  console.log(
    `kill -9 to /readyz 200: min ${backs[0]} / median ${median} / max ${backs.at(-1)} ms; ` +
      `target < ${TARGET_MS} ms: ${backs.at(-1)! < TARGET_MS ? 'PASS' : 'MISS'}`,
  );
  const said = readFileSync(product.logFile, 'utf8')
    .split('\n')
    .filter((l) => /embedded PostgreSQL (exited|is back|did not start)/.test(l));
  console.log(`the product's log said:\n${said.map((l) => JSON.parse(l).msg).join('\n')}`);
} finally {
  await cleanup.run();
}
