let last: Promise<unknown> = Promise.resolve();

/**
 * Runs schedule imports of this process one after another: each holds a whole unzipped schedule
 * in memory, so two at once would double the peak. The next starts when the previous
 * ended, whether it succeeded or failed.
 */
export function oneImportAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = last.then(work, work);
  last = run.catch(() => undefined);
  return run;
}
