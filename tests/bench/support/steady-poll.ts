import { spawn } from 'node:child_process';
import { percentile } from './process.ts';

export type PollResult = { requests: number; errors: number; p50: number; p99: number; maxMs: number };

/**
 * The child: request i is due at start + i / rate and is sent then whether or not earlier ones have
 * answered (an open loop, as consumers poll); its latency counts from when it was due, so a server
 * that stalls is charged for the requests queued behind the stall (no coordinated omission).
 * Stops when its stdin closes and prints the latencies as JSON.
 */
const CHILD = `
const [url, rate] = [process.argv[1], Number(process.argv[2])];
const latencies = [];
let errors = 0, stopping = false, inFlight = 0;
const start = performance.now();
let i = 0;
function tick() {
  if (stopping) return;
  const now = performance.now();
  while (start + (i * 1000) / rate <= now) {
    const due = start + (i++ * 1000) / rate;
    inFlight++;
    fetch(url).then(async (res) => {
      await res.arrayBuffer();
      if (!res.ok) errors++;
      latencies.push(performance.now() - due);
    }, () => errors++).finally(() => inFlight--);
  }
  setTimeout(tick, Math.max(0, start + (i * 1000) / rate - performance.now()));
}
tick();
process.stdin.on('end', async () => {
  stopping = true;
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
  process.stdout.write(JSON.stringify({ latencies, errors }));
});
process.stdin.resume();
`;

/** Polls `url` at a steady `rate` per second from another process until `stop()`. */
export function startSteadyPoll(url: string, rate: number): { stop(): Promise<PollResult> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, url, String(rate)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.stdin.end();
      await exited;
      const { latencies, errors } = JSON.parse(out) as { latencies: number[]; errors: number };
      return {
        requests: latencies.length + errors,
        errors,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        maxMs: Math.max(...latencies),
      };
    },
  };
}
