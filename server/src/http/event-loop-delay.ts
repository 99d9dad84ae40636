import { LatencyTally } from './latency-tally.ts';

/**
 * A timer due every PERIOD_MS: how late it runs is the event-loop delay, what a request arriving
 * then could have waited behind other work. (perf_hooks' monitorEventLoopDelay measures the same
 * but only as a histogram: these samples also feed the /metrics histogram, whose buckets add up
 * over any window where per-period percentiles cannot.)
 */
const PERIOD_MS = 10;

/** Watches this thread's event-loop delay (the product's vitals log and metrics, the benchmarks' own loop). */
export function watchEventLoopDelay(onDelay?: (ms: number) => void) {
  const tally = new LatencyTally();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const delay = Math.max(0, now - last - PERIOD_MS);
    last = now;
    tally.add(delay);
    onDelay?.(delay);
  }, PERIOD_MS);
  timer.unref();
  return {
    /** Milliseconds of delay at percentile `p` (0–100) since the start or the last reset. */
    percentile: (p: number) => round(tally.percentile(p / 100)),
    max: () => round(tally.maxMs),
    reset: () => tally.reset(),
    stop: () => clearInterval(timer),
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
