import { describe, expect, it } from 'vitest';
import { watchBackend } from './copy-in-thread.ts';

const timing = { silenceMs: 40, everyMs: 10, misses: 3 };
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the schedule load’s watchdog (docs/operations.md "Faults the product survives")', () => {
  it('fails the load once its connection’s server process is gone', async () => {
    const lost: Error[] = [];
    const timer = watchBackend(
      async () => false,
      () => ({ lastHeard: performance.now() - 1_000, backendPid: 42 }),
      (error) => lost.push(error),
      timing,
    );
    await settle(60);
    clearInterval(timer);
    expect(lost[0]?.message).toMatch(/lost its database connection \(the database restarted under it\)/);
    expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
  });

  it('waits while the thread is heard from, or its process lives (an index build)', async () => {
    const lost: Error[] = [];
    let asked = 0;
    const heardNow = watchBackend(
      async () => false,
      () => ({ lastHeard: performance.now(), backendPid: 42 }),
      (error) => lost.push(error),
      timing,
    );
    const building = watchBackend(
      async () => {
        asked++;
        return true;
      },
      () => ({ lastHeard: performance.now() - 1_000, backendPid: 42 }),
      (error) => lost.push(error),
      timing,
    );
    await settle(80);
    clearInterval(heardNow);
    clearInterval(building);
    expect(lost).toEqual([]);
    expect(asked).toBeGreaterThan(2);
  });

  it('fails the load when the database cannot be asked three times running, not at the first', async () => {
    const lost: Error[] = [];
    let asked = 0;
    const timer = watchBackend(
      async () => {
        asked++;
        throw new Error('connection refused');
      },
      () => ({ lastHeard: performance.now() - 1_000, backendPid: 42 }),
      (error) => lost.push(error),
      timing,
    );
    await settle(15);
    expect(lost).toEqual([]);
    await settle(80);
    clearInterval(timer);
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(lost[0]?.message).toMatch(/the database cannot be reached/);
  });
});
