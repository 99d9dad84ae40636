/**
 * Messages arriving from another thread, taken in order by one async consumer: pushed as they
 * arrive, iterated with `for await`, which waits while the queue is empty and ends (or throws)
 * once the sender says so.
 */
export function messageQueue<T>() {
  const queued: T[] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(message: T) {
      queued.push(message);
      notify();
    },
    end() {
      done = true;
      notify();
    },
    /** Ends the queue with `error` (after what was queued), unless it had ended already. */
    fail(error: Error) {
      if (!done) failure ??= error;
      done = true;
      notify();
    },
    async *iterate(): AsyncGenerator<T> {
      for (;;) {
        if (queued.length > 0) {
          yield queued.shift() as T;
          continue;
        }
        if (failure) throw failure;
        if (done) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}
