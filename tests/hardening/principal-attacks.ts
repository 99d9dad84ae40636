import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type PollerResult, startPollerProcess } from '../bench/support/poller-process.ts';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The real product (`npm start`'s process) for the attacks of one signed-in principal
 * (docs/rest-api.md "Quotas of a principal"): users and tokens made by its administrator, the public feed polled
 * from a process of its own meanwhile, and the product's memory read from /proc.
 */
export async function startProductForAttacks(env: Record<string, string> = {}, prefix?: string[]) {
  const db: TestDatabase = await openTestDatabase();
  let server: ServerProcess;
  try {
    server = await startServerProcess({ databaseUrl: db.url, env, prefix });
  } catch (error) {
    await db.drop();
    throw error;
  }
  const admin = new HttpClient(server.url);
  await admin.login(ADMIN.username, ADMIN.password);
  let n = 0;
  return {
    server,
    db,
    url: server.url,
    admin,
    /** A new user with these roles, signed in. */
    async user(roles: string[]): Promise<HttpClient & { username: string }> {
      const username = `attacker-${++n}`;
      const password = 'a-long-password-1';
      const made = await admin.trpc('mutation', 'users.create', { username, password, roles });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const client = new HttpClient(server.url);
      await client.login(username, password);
      return Object.assign(client, { username });
    },
    /** A new API token with these roles: its bearer secret. */
    async token(roles: string[]): Promise<string> {
      const made = await admin.trpc('mutation', 'tokens.create', { name: `attacker-${++n}`, roles });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return (made.body as { result: { data: { token: string } } }).result.data.token;
    },
    /** The product's resident memory now, in MB. */
    rssMb(): number {
      const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
    },
    alive(): boolean {
      return server.child.exitCode === null && server.child.signalCode === null;
    },
    async close() {
      await server.kill();
      await db.drop();
    },
  };
}
export type AttackedProduct = Awaited<ReturnType<typeof startProductForAttacks>>;

/** The public feed's latencies while `attack` runs, polled at `rate` a second from another process. */
export async function pollDuring<T>(
  url: string,
  attack: () => Promise<T>,
  rate = 40,
): Promise<{ result: T; polls: PollerResult; p99: number; max: number }> {
  const poller = await startPollerProcess(`${url}/feed/updates`, rate);
  let result: T;
  try {
    result = await attack();
  } catch (error) {
    poller.kill();
    throw error;
  }
  const polls = await poller.stop();
  const sorted = polls.latencies;
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
  return { result, polls, p99, max: sorted.at(-1) ?? Number.NaN };
}

export type FeedFigures = { polls: PollerResult; p99: number; max: number };

/** The feed polled for `ms` with nothing else asked of the product: what the machine gives now. */
export async function feedBaseline(url: string, ms = 3_000): Promise<FeedFigures> {
  return pollDuring(url, () => new Promise((resolve) => setTimeout(resolve, ms)));
}

/**
 * The feed kept its pace during an attack: every poll answered, p99 under 1.5 s and max under 2 s
 * (unbounded, these attacks gave several seconds and reset polls), the figures printed for the
 * record. The contract's bounds (p99 < 50 ms, max < 200 ms, docs/contract-notes.md "A service
 * nobody can stop, that never lies") are asserted with HOSTILE_BOUNDS=1 on a machine whose
 * baseline p99 (measured on the same product just before) is under 10 ms: on a quiet 2-core
 * machine they hold, p99 15.7–38.8 ms, max at most 45.4 ms (2026-12-07; 64–326 ms before the
 * websocket, position and feed re-read fixes; tests/bench/README.md "Every route and procedure,
 * hostile"). The whole suite loads the machine far past its cores, so they are not asserted there:
 * .ci/run runs these files again after it with HOSTILE_BOUNDS=1.
 */
export function expectFeedHeld(measured: FeedFigures, baseline: FeedFigures) {
  const figures = `p99 ${measured.p99.toFixed(1)} ms, max ${measured.max.toFixed(1)} ms over ${measured.polls.latencies.length} polls (baseline p99 ${baseline.p99.toFixed(1)} ms, max ${baseline.max.toFixed(1)} ms)`;
  expect(measured.polls.failures, figures).toEqual([]);
  expect(measured.polls.latencies.length, figures).toBeGreaterThan(20);
  const strict = process.env.HOSTILE_BOUNDS !== undefined && baseline.p99 < 10;
  console.warn(`The feed during the attack: ${figures}`);
  expect(measured.p99, figures).toBeLessThan(strict ? 50 : 1_500);
  expect(measured.max, figures).toBeLessThan(strict ? 200 : 2_000);
}

/** The value of one sample of /metrics (its name with labels as printed), 0 when absent. */
export async function metricValue(url: string, sample: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}
