import { describe, expect, it } from 'vitest';
import { whileDatabaseAway } from './while-database-away.ts';

/** What the driver throws for a connection PostgreSQL cut while shutting down (57P01 admin_shutdown). */
const away = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A call that fails `failures` times as the database being away, then answers; counts its calls. */
function flaky(failures: number) {
  const calls: number[] = [];
  return {
    calls,
    fn: async () => {
      calls.push(performance.now());
      if (calls.length <= failures) throw away();
      return 'answered';
    },
  };
}

describe('while the database is away', () => {
  it('calls again every `every` ms until the database answers', async () => {
    const { calls, fn } = flaky(3);
    expect(await whileDatabaseAway(fn, { every: 20, for: 5_000 })).toBe('answered');
    expect(calls).toHaveLength(4);
    for (let i = 1; i < calls.length; i++) expect(calls[i]! - calls[i - 1]!).toBeGreaterThanOrEqual(19);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const wrong = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const fn = async () => {
      calls++;
      throw wrong;
    };
    await expect(whileDatabaseAway(fn, { every: 10 })).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('gives up with the last error once a failure comes `for` ms after the first call', async () => {
    const { calls, fn } = flaky(Number.POSITIVE_INFINITY);
    const began = performance.now();
    await expect(whileDatabaseAway(fn, { every: 20, for: 100 })).rejects.toMatchObject({ code: '57P01' });
    expect(performance.now() - began).toBeGreaterThanOrEqual(100);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.length).toBeLessThanOrEqual(7);
  });

  it('gives up once its signal is aborted, and waits as told', async () => {
    const { calls, fn } = flaky(Number.POSITIVE_INFINITY);
    const controller = new AbortController();
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
      if (waits.length === 2) controller.abort();
    };
    await expect(
      whileDatabaseAway(fn, { every: 1_000, signal: controller.signal, wait }),
    ).rejects.toMatchObject({ code: '57P01' });
    expect(waits).toEqual([1_000, 1_000]);
    expect(calls).toHaveLength(2);
  });
});
