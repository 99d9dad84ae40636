/**
 * A full garbage collection of this thread's heap, now, when the process runs with --expose-gc
 * (npm start's, scripts/run.mjs); elsewhere (tests) nothing. V8 lets garbage grow with the heap's
 * limit; a thread that ends one large phase and starts another (the upload's, between reading and
 * validating) frees the first phase's garbage before the second adds its own.
 *
 * The flag is given when the process starts, not set at run time (v8.setFlagsFromString), which
 * V8 allows but which changed what every later start of a thread cost: with it, the polls were
 * held up to 167-312 ms as each upload began (31-63 polls over 40 ms in its first second in six
 * runs, against 1 without it).
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
