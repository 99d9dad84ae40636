import fp from 'fastify-plugin';
import { LatencyTally } from './latency-tally.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'summary': the route is polled by machines (the public feeds) and gets one access-log line
     * per path and period instead of one per request.
     */
    accessLog?: 'summary';
  }
}

export type AccessLogOptions = {
  /** Seconds between two summary lines of the polled routes. */
  summarySeconds: number;
};

/**
 * The access log. Fastify's own request logging writes two JSON lines per request: at the
 * thousands of polls per second journey planners make, that was most of the feed's cost. Staff
 * requests keep one line each; polled routes are counted and summarised (count per status,
 * p50/p99/max) once per period. The metrics of the operations issue count every poll exactly.
 */
export const accessLogPlugin = fp<AccessLogOptions>(
  async (app, options) => {
    const polls = new Map<string, PollTally>();
    const countPoll = (path: string, status: number, ms: number) => {
      const tally = polls.get(path) ?? new PollTally();
      if (tally.count === 0) polls.set(path, tally);
      tally.add(status, ms);
    };
    // The polls answered before Fastify (public-gets.ts) are counted exactly like the others.
    app.publicGets.observe((_route, path, status, ms) => countPoll(path, status, ms));
    app.addHook('onResponse', (request, reply, done) => {
      const ms = reply.elapsedTime;
      if (request.routeOptions.config.accessLog === 'summary') {
        countPoll(request.url.split('?', 1)[0]!, reply.statusCode, ms);
      } else {
        request.log.info(
          {
            method: request.method,
            url: request.url,
            status: reply.statusCode,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      }
      done();
    });
    const flush = () => {
      for (const [path, tally] of polls) {
        if (tally.count > 0) app.log.info({ path, ...tally.summary() }, 'polls');
      }
      polls.clear();
    };
    const timer = setInterval(flush, options.summarySeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      flush();
    });
  },
  { name: 'access-log' },
);

/** Counts per status and the latencies of one polled path over one period. */
class PollTally {
  private readonly statuses: Record<number, number> = {};
  private readonly latencies = new LatencyTally();

  get count(): number {
    return this.latencies.count;
  }

  add(status: number, ms: number): void {
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    this.latencies.add(ms);
  }

  summary() {
    return {
      polls: this.count,
      statuses: this.statuses,
      p50Ms: round(this.latencies.percentile(0.5)),
      p99Ms: round(this.latencies.percentile(0.99)),
      maxMs: round(this.latencies.maxMs),
    };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
