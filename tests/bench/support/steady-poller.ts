/**
 * Polls a URL at a steady rate, as journey planners do, whatever the answers' speed: request i is
 * due at start + i / rate and is sent then even if earlier ones are still out (an open loop), and
 * its latency counts from when it was due, so a stall of the server counts for every poll it held
 * up (no coordinated omission, unlike a closed-loop tool such as wrk).
 */
export function startSteadyPoller(url: string, ratePerSecond: number) {
  const latencies: number[] = [];
  const failures: string[] = [];
  const intervalMs = 1000 / ratePerSecond;
  const started = performance.now();
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
      const poll = fetch(url, { headers: { 'accept-encoding': 'identity' } })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200 && res.status !== 304) failures.push(`status ${res.status}`);
          else latencies.push(performance.now() - due);
        })
        .catch((error: Error) => {
          failures.push(error.message);
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
      return { latencies: latencies.sort((a, b) => a - b), failures, sent };
    },
  };
}
