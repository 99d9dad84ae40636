/**
 * How far a thread making COPY chunks may run ahead of the load taking them: the bytes made and
 * not yet taken, counted in a SharedArrayBuffer both threads see. The maker waits (Atomics.wait,
 * a worker thread only) while more than the limit waits to be taken; once the taker stops taking
 * (done, failed, abandoned) it releases the maker for good. Without it, an upload read faster
 * than its COPY kept every chunk made in memory: five times Renfe peaked at 1 507 MB PSS.
 */
export class ChunksAhead {
  /** [0]: KiB made and not taken; [1]: 1 once the taker takes no more (nothing waits then). */
  private readonly counts: Int32Array;

  constructor(
    readonly shared = new SharedArrayBuffer(8),
    private readonly limitKiB = 64 * 1024,
  ) {
    this.counts = new Int32Array(shared);
  }

  /** The maker: waits while more than the limit is ahead (unless released), then counts `bytes`. */
  made(bytes: number, wait: boolean): void {
    if (wait) {
      for (;;) {
        const ahead = Atomics.load(this.counts, 0);
        if (ahead < this.limitKiB || Atomics.load(this.counts, 1) === 1) break;
        // Woken by take() or release(); the timeout only guards against a taker gone without either.
        Atomics.wait(this.counts, 0, ahead, 1000);
      }
    }
    Atomics.add(this.counts, 0, kib(bytes));
  }

  /** The taker: `bytes` were taken. */
  taken(bytes: number): void {
    Atomics.sub(this.counts, 0, kib(bytes));
    Atomics.notify(this.counts, 0);
  }

  /** The taker takes no more: the maker never waits again. */
  release(): void {
    Atomics.store(this.counts, 1, 1);
    Atomics.notify(this.counts, 0);
  }

  /** KiB made and not taken (tests). */
  get aheadKiB(): number {
    return Atomics.load(this.counts, 0);
  }
}

function kib(bytes: number): number {
  return Math.ceil(bytes / 1024);
}
