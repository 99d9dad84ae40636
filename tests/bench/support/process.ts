import { createServer } from 'node:net';

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
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

/** Resolves once `url` answers 200, rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = new Error(`status ${res.status}`);
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms: ${(last as Error)?.message}`);
}

/**
 * Runs `cleanups` (last registered first) once, on normal end, on error, and on SIGINT/SIGTERM,
 * so nginx, wrk and the apps never outlive the benchmark.
 */
export class Cleanup {
  private readonly tasks: { name: string; run: () => Promise<unknown> | unknown }[] = [];
  private done = false;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }

  add(name: string, run: () => Promise<unknown> | unknown): void {
    this.tasks.push({ name, run });
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const task of this.tasks.reverse()) {
      try {
        await task.run();
      } catch (error) {
        console.error(`cleanup of ${task.name} failed: ${(error as Error).message}`);
      }
    }
  }
}

/** Percentile (nearest rank) of `values` in the same unit. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
