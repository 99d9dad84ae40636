import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';

/**
 * One log line per period with the main thread's event-loop delay (p50/p99/max: how long a poll
 * could have waited behind other work) and the process's memory, so a stall shows in the log of
 * the process where it happened (the benchmarks read these lines too).
 */
export const processVitalsPlugin = fp<{ periodSeconds: number }>(
  async (app, options) => {
    const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
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

/**
 * The histogram records the time between two ticks of its own timer, every RESOLUTION_MS: an idle
 * loop reads 10.1–11 ms. The delay, what a poll could have waited, is what passes the timer's period.
 */
const RESOLUTION_MS = 10;

/** The histogram counts nanoseconds; the log says milliseconds of delay. */
const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4) / 100 - RESOLUTION_MS);
