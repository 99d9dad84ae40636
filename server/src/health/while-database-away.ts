import { isDatabaseUnreachable } from './database-unreachable.ts';

/**
 * `fn`'s result, `fn` called again every `every` ms while it fails because the database cannot be
 * reached (docs/operations.md "Faults the product survives": it restarts under the product and is
 * back within seconds). Any other error is thrown at once. Gives up, throwing the last error, when
 * a failure comes `for` ms or more after the first call (never without `for`) or once `signal` is
 * aborted. `wait` is how a pause between calls is made (by default a timer that does not hold the
 * process open); one that resolves early, on news, tries again sooner.
 */
export async function whileDatabaseAway<T>(
  fn: () => Promise<T>,
  options: { every: number; for?: number; signal?: AbortSignal; wait?: (ms: number) => Promise<void> },
): Promise<T> {
  const giveUpAt = options.for === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.for;
  const wait = options.wait ?? pause;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || performance.now() >= giveUpAt || options.signal?.aborted)
        throw error;
      await wait(options.every);
      if (options.signal?.aborted) throw error;
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
