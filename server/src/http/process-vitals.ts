import { getHeapStatistics } from 'node:v8';
import fp from 'fastify-plugin';
import type { Metrics } from '../deps.ts';
import { watchEventLoopDelay } from './event-loop-delay.ts';

/**
 * One log line per period with the main thread's event-loop delay (p50/p99/max: how long a poll
 * could have waited behind other work) and the process's memory, so a stall shows in the log of
 * the process where it happened (the benchmarks read these lines too). Every sample of the delay
 * also goes to the metrics' histogram, for a percentile over any window (an upload, an hour).
 */
export const processVitalsPlugin = fp<{ periodSeconds: number; metrics: Metrics }>(
  async (app, options) => {
    const histogram = options.metrics.eventLoopDelay;
    const delay = watchEventLoopDelay((ms) => histogram.observe(ms / 1000));
    const timer = setInterval(() => {
      // process.memoryUsage() opens /proc/self/statm: with no descriptor left it throws EMFILE,
      // and a vitals line is not worth the process (the heap figure needs no file).
      let rss: number | undefined;
      try {
        rss = process.memoryUsage.rss();
      } catch {}
      const heapUsed = getHeapStatistics().used_heap_size;
      app.log.info(
        {
          eventLoopDelayMs: {
            p50: delay.percentile(50),
            p99: delay.percentile(99),
            max: delay.max(),
          },
          rssMb: rss === undefined ? null : Math.round(rss / 1e6),
          heapMb: Math.round(heapUsed / 1e6),
        },
        'vitals',
      );
      delay.reset();
    }, options.periodSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      delay.stop();
    });
  },
  { name: 'process-vitals' },
);
