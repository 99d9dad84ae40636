import { availableParallelism, loadavg } from 'node:os';
import { io } from 'socket.io-client';
import { expect } from 'vitest';

/** A response must be a contract error: JSON `{code, error, description}`, no stack, no server internals. */
export async function expectCleanError(res: Response, status?: number | number[]): Promise<ErrorJson> {
  const text = await res.text();
  const wanted = status === undefined ? undefined : Array.isArray(status) ? status : [status];
  if (wanted) expect(wanted, `status ${res.status}: ${text.slice(0, 300)}`).toContain(res.status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expectNoLeak(text);
  const body = JSON.parse(text) as ErrorJson;
  expect(body.code).toBe(res.status);
  expect(typeof body.error).toBe('string');
  expect(body.description.length, `an empty message for ${res.status}`).toBeGreaterThan(5);
  return body;
}

export type ErrorJson = { code: number; error: string; description: string };

/** No stack trace, file path or database error text reaches a client. */
export function expectNoLeak(text: string) {
  expect(text).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|server\/src|\.ts:\d+/);
  expect(text).not.toMatch(/syntax error at or near|duplicate key value|violates .* constraint/i);
}

/** Polls `check` until it returns a value other than undefined, at most `timeoutMs`. */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(lastError ?? '')}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Connects to Socket.IO /ws with a cookie: resolves 'connected' or the connect error message. */
export function trySocket(url: string, cookie: string): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
      reconnection: false,
      timeout: 20_000,
    });
    socket.on('connect', () => {
      socket.close();
      resolve({ ok: true });
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve({ ok: false, message: error.message });
    });
  });
}

/** Every subset of `items` (2^n of them). */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) out.push(items.filter((_, i) => (mask >> i) & 1));
  return out;
}

/**
 * Polls answered from memory: none waited for the database (a poll due a new stamp waited a whole
 * second each 15-second slot before), the median as on an idle product. p99 < 50 ms and max <
 * 200 ms are asserted where the machine has its cores to itself (load average below their count):
 * on a shared one other work stalls the product's thread as much as any fault.
 */
export function expectPromptPolls(latencies: number[]): void {
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  expect(q(0.5)).toBeLessThan(20);
  expect(latencies.at(-1)!).toBeLessThan(900);
  if (loadavg()[0]! < availableParallelism()) {
    expect(q(0.99)).toBeLessThan(50);
    expect(latencies.at(-1)!).toBeLessThan(200);
  } else console.log(`load average ${loadavg()[0]!.toFixed(1)}: p99 and max not asserted`);
}
