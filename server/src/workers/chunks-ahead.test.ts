import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ChunksAhead } from './chunks-ahead.ts';

const bootstrap = new URL('./ts-worker.mjs', import.meta.url);
const entry = new URL('./test-support/chunk-maker.ts', import.meta.url).href;
const MiB = 1024 * 1024;

describe('ChunksAhead', () => {
  it('holds the maker at the limit until chunks are taken, and lets it run once released', async () => {
    const ahead = new ChunksAhead(new SharedArrayBuffer(8), 4 * 1024);
    const worker = new Worker(bootstrap, {
      workerData: { entry, shared: ahead.shared, limitKiB: 4 * 1024, chunks: 20, bytes: MiB },
    });
    let made = 0;
    let wake: () => void = () => {};
    worker.on('message', (n: number) => {
      made = n;
      wake();
    });
    const madeAtLeast = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => made >= n && resolve();
        wake();
      });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await madeAtLeast(4);
      await settled();
      // 4 MiB ahead: the fifth waits.
      expect([made, ahead.aheadKiB]).toEqual([4, 4 * 1024]);
      ahead.taken(MiB);
      await madeAtLeast(5);
      await settled();
      expect([made, ahead.aheadKiB]).toEqual([5, 4 * 1024]);
      // The load takes no more (done, failed, abandoned): the maker never waits again.
      ahead.release();
      await madeAtLeast(20);
      expect(ahead.aheadKiB).toBe(19 * 1024);
    } finally {
      await worker.terminate();
    }
  });

  it('never holds a maker that does not wait (the chunks after the file is read)', () => {
    const ahead = new ChunksAhead(new SharedArrayBuffer(8), 1);
    for (let i = 0; i < 5; i++) ahead.made(MiB, false);
    expect(ahead.aheadKiB).toBe(5 * 1024);
  });
});
