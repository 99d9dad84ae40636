import { Agent, get } from 'node:http';

/**
 * Polls a URL at a steady rate, as journey planners do, whatever the answers' speed: request i is
 * due at start + i / rate and is sent then even if earlier ones are still out (an open loop), and
 * its latency counts from when it was due, so a stall of the server counts for every poll it held
 * up (no coordinated omission, unlike a closed-loop tool such as wrk). Node's own `http` on
 * kept-alive connections, not fetch: the poller shares the machine's cores with the product, and
 * fetch's streams cost it several times the CPU per 62 kB answer.
 */
export function startSteadyPoller(url: string, ratePerSecond: number) {
  const agent = new Agent({ keepAlive: true });
  const latencies: number[] = [];
  /** [ms from the start to when the poll was due, its latency], in the order answered. */
  const trace: [number, number][] = [];
  const failures: string[] = [];
  const intervalMs = 1000 / ratePerSecond;
  const started = performance.now();
  const startedAt = Date.now();
  let stopped = false;
  let sent = 0;
  const outstanding = new Set<Promise<void>>();
  const loop = (async () => {
    while (!stopped) {
      const due = started + sent * intervalMs;
      const wait = due - performance.now();
      // Behind schedule the overdue polls go out at once, but the loop still yields so their answers are read.
      await new Promise((r) => (wait > 0 ? setTimeout(r, wait) : setImmediate(r)));
      if (stopped) break;
      sent++;
      // Late, a poll counts from when it was due; a timer that fires a little early (libuv's clock
      // is in whole milliseconds) sends it before then, and it counts from when it went.
      const from = Math.min(due, performance.now());
      const poll = new Promise<void>((resolve) => {
        get(url, { agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode !== 200 && res.statusCode !== 304) failures.push(`status ${res.statusCode}`);
            else {
              latencies.push(performance.now() - from);
              trace.push([due - started, performance.now() - from]);
            }
            resolve();
          });
          res.on('error', (error) => {
            failures.push(error.message);
            resolve();
          });
        }).on('error', (error) => {
          failures.push(error.message);
          resolve();
        });
      });
      outstanding.add(poll);
      void poll.finally(() => outstanding.delete(poll));
    }
  })();
  return {
    /** Stops sending, waits for the polls still out; latencies in ms, sorted. */
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(outstanding);
      agent.destroy();
      return { latencies: latencies.sort((a, b) => a - b), failures, sent, trace, startedAt };
    },
  };
}
