import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The histogram records the time between two ticks of its own timer, every RESOLUTION_MS: an idle
 * loop reads 10.1–11 ms. The delay, what a poll could have waited, is what passes the timer's period.
 */
const RESOLUTION_MS = 10;

/** The histogram counts nanoseconds; this says milliseconds of delay. */
const delayMs = (ns: number) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);

/** Watches this thread's event-loop delay (the product's vitals log, the benchmarks' own loop). */
export function watchEventLoopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    /** Milliseconds of delay at percentile `p` since the start or the last reset. */
    percentile: (p: number) => delayMs(histogram.percentile(p)),
    max: () => delayMs(histogram.max),
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}
