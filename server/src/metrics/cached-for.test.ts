import { describe, expect, it } from 'vitest';
import { cachedFor } from './cached-for.ts';

describe('cachedFor', () => {
  it('shares one read among the callers while it runs, even with no cache window', async () => {
    let reads = 0;
    const read = cachedFor(0, async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    expect(await read()).toBe(2);
  });

  it('reuses a finished read within its window, and retries after a failure', async () => {
    let reads = 0;
    const read = cachedFor(60_000, async () => {
      reads++;
      if (reads === 1) throw new Error('database away');
      return reads;
    });
    await expect(read()).rejects.toThrow('database away');
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it('reads again after invalidate, even within the window or while a read runs', async () => {
    let reads = 0;
    const read = cachedFor(60_000, async () => ++reads);
    expect(await read()).toBe(1);
    read.invalidate();
    const pending = read();
    read.invalidate();
    expect([await pending, await read(), await read()]).toEqual([2, 3, 3]);
  });
});
