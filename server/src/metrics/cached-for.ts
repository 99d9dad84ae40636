/**
 * `read` at most once per `ms`: callers within the window, and all callers while a read runs
 * (the gauges of one scrape), share its promise. A failed read is not kept: the next call retries;
 * `invalidate` makes the next call read again (the data changed).
 */
export function cachedFor<T>(
  ms: number,
  read: () => Promise<T>,
): (() => Promise<T>) & { invalidate(): void } {
  let cached: { at: number; pending: boolean; value: Promise<T> } | undefined;
  const get = () => {
    const now = performance.now();
    if (cached && (cached.pending || now - cached.at < ms)) return cached.value;
    const entry = { at: now, pending: true, value: read() };
    cached = entry;
    entry.value.then(
      () => {
        entry.pending = false;
      },
      () => {
        entry.pending = false;
        if (cached === entry) cached = undefined;
      },
    );
    return entry.value;
  };
  // What changed is read by the next call, not answered from a read made (or begun) before.
  return Object.assign(get, {
    invalidate() {
      cached = undefined;
    },
  });
}
