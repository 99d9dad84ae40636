/**
 * `read` at most once per `ms`: callers within the window (and while a read runs) share its
 * promise. A failed read is not kept, so the next call tries again.
 */
export function cachedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = performance.now();
    if (cached && now - cached.at < ms) return cached.value;
    const value = read();
    const entry = { at: now, value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  };
}
