import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';

/**
 * One log line per period with the main thread's event-loop delay (p50/p99/max: how long a poll
 * could have waited behind other work) and the process's memory, so a stall shows in the log of
 * the process where it happened (the benchmarks read these lines too).
 */
export const processVitalsPlugin = fp<{ periodSeconds: number }>(
  async (app, options) => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const timer = setInterval(() => {
      const { rss, heapUsed } = process.memoryUsage();
      app.log.info(
        {
          eventLoopDelayMs: {
            p50: ms(delay.percentile(50)),
            p99: ms(delay.percentile(99)),
            max: ms(delay.max),
          },
          rssMb: Math.round(rss / 1e6),
          heapMb: Math.round(heapUsed / 1e6),
        },
        'vitals',
      );
      delay.reset();
    }, options.periodSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      delay.disable();
    });
  },
  { name: 'process-vitals' },
);

/** The histogram counts nanoseconds; the log says milliseconds. */
const ms = (ns: number) => Math.round(ns / 1e4) / 100;
