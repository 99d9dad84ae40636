import { describe, expect, it } from 'vitest';
import { readIntoSharedBytes } from './shared-bytes.ts';

/** Chunks already in memory: nothing in the stream itself lets the event loop turn. */
async function* chunks(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i % 251);
}

describe('readIntoSharedBytes', () => {
  it('copies the chunks in order into shared memory of exactly their size', async () => {
    const bytes = await readIntoSharedBytes(chunks(5, 1000), 10_000);
    expect(bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(bytes!.byteLength).toBe(5000);
    expect([bytes![0], bytes![999], bytes![1000], bytes![4999]]).toEqual([0, 0, 1, 4]);
  });

  it('answers undefined once the stream passes the limit, and takes an empty stream', async () => {
    expect(await readIntoSharedBytes(chunks(11, 1000), 10_000)).toBeUndefined();
    expect(await readIntoSharedBytes(chunks(10, 1000), 10_000)).toHaveLength(10_000);
    expect(await readIntoSharedBytes(chunks(0, 1000), 10_000)).toHaveLength(0);
  });

  it('lets the event loop turn while it copies 64 MB that are already in memory', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const bytes = await readIntoSharedBytes(chunks(1024, 64 * 1024), 64 * 1024 * 1024);
    clearInterval(ticker);
    expect(bytes!.byteLength).toBe(64 * 1024 * 1024);
    // A yield every 4 MB: about 16 turns (timers run once per turn at most).
    expect(turns).toBeGreaterThanOrEqual(8);
  });
});
