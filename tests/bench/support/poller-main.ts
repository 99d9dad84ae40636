/**
 * A journey planner of its own: polls `url` at `rate` per second (steady-poller.ts) until its
 * stdin closes, says 'polling' once it polls and, at the end, prints what it measured as one line of JSON (poller-process.ts reads it).
 */
import { writeFileSync } from 'node:fs';
import { watchEventLoopDelay } from '@feeddesk/server/http/event-loop-delay';
import { startSteadyPoller } from './steady-poller.ts';

const [url, rate] = [process.argv[2]!, Number(process.argv[3])];
const poller = startSteadyPoller(url, rate);
const ownLoop = watchEventLoopDelay();
process.stdout.write('polling\n');
process.stdin.resume();
process.stdin.on('end', async () => {
  const { trace, startedAt, ...result } = await poller.stop();
  // BENCH_POLL_TRACE=file: every poll's due time and latency, to see when the slow ones came.
  if (process.env.BENCH_POLL_TRACE)
    writeFileSync(process.env.BENCH_POLL_TRACE, JSON.stringify({ startedAt, trace }));
  const ownLoopMs = { p99: ownLoop.percentile(99), max: ownLoop.max() };
  ownLoop.stop();
  // A pipe's writes complete later: exit once the whole answer is out.
  process.stdout.write(`${JSON.stringify({ ...result, ownLoopMs })}\n`, () => process.exit(0));
});
