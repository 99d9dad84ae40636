/**
 * The long form of tests/hardening/generated-hostile.test.ts: the product as `npm start` runs it
 * (its embedded PostgreSQL, logging on), polled at a steady rate from a process of its own while a
 * user of each role and an API token call every REST route and tRPC procedure with every payload
 * class (largest allowed, deepest allowed, the checker's attack strings, many items and
 * subscriptions), BENCH_CALLERS of each at once, round after round for BENCH_SECONDS. Figures are
 * printed, not asserted.
 *
 *   npm run bench -- hostile-routes
 *   BENCH_SECONDS=120 BENCH_CALLERS=2 BENCH_POLL_RATE=100 BENCH_SUBSCRIPTIONS=200
 */
import {
  hostileCallsFromApp,
  hostilePrincipals,
  type Outcome,
  type Principal,
  rssMb,
  runHostileCalls,
} from '../hardening/hostile-calls.ts';
import { attackStrings, PAYLOAD_CLASSES } from '../hardening/hostile-payloads.ts';
import { startPollerProcess } from './support/poller-process.ts';
import { Cleanup, percentile } from './support/process.ts';
import { startProductProcess } from './support/product-process.ts';
import { machine, ms, printReport, verdict } from './support/report.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 2);
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 100);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 200);

async function main(): Promise<void> {
  console.log(machine());
  const cleanup = new Cleanup();
  const product = await startProductProcess({ env: { DEMO_SCHEDULE: 'true' } });
  cleanup.add('product', () => product.stop());
  try {
    const [calls, attacks] = await Promise.all([
      hostileCallsFromApp(product.url, { subscriptions: SUBSCRIPTIONS }),
      attackStrings(),
    ]);
    const principals: Principal[] = [];
    for (let i = 0; i < CALLERS; i++) principals.push(...(await hostilePrincipals(product.url, `c${i}`)));
    const idlePoller = await startPollerProcess(`${product.url}/feed/updates`, POLL_RATE);
    await new Promise((r) => setTimeout(r, 10_000));
    const idle = await idlePoller.stop();
    const rssBefore = rssMb(product.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(product.pid));
    }, 500);
    cleanup.add('sampler', () => clearInterval(sampler));
    const poller = await startPollerProcess(`${product.url}/feed/updates`, POLL_RATE);
    cleanup.add('poller', () => poller.kill());
    const deadline = Date.now() + SECONDS * 1000;
    const outcomes: Outcome[] = [];
    let rounds = 0;
    while (Date.now() < deadline) {
      // Sessions that a round's logout ended are made again.
      if (rounds > 0) {
        principals.length = 0;
        for (let i = 0; i < CALLERS; i++)
          principals.push(...(await hostilePrincipals(product.url, `c${i}r${rounds}`)));
      }
      outcomes.push(...(await runHostileCalls(calls, principals, PAYLOAD_CLASSES, attacks)));
      rounds++;
    }
    const held = await poller.stop();
    const alive = (await fetch(`${product.url}/feed/updates`).catch(() => undefined))?.status === 200;
    const rssAfter = rssMb(product.pid);
    const fiveHundreds = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503));
    const p99 = percentile(held.latencies, 99);
    const max = held.latencies.at(-1) ?? Number.NaN;
    printReport(
      `Every route and procedure × ${principals.length / CALLERS} principals × ${PAYLOAD_CLASSES.length} payload classes, ${CALLERS} callers each, ${rounds} rounds in ${SECONDS} s; the feed at ${POLL_RATE} polls/s`,
      [
        {
          what: 'feed p99, idle (10 s)',
          measured: ms(percentile(idle.latencies, 99)),
          target: '–',
          result: '–',
        },
        {
          what: `feed p99 under ${outcomes.length} hostile calls`,
          measured: ms(p99),
          reference: ms(percentile(idle.latencies, 99)),
          target: '< 50 ms',
          result: verdict(p99 < 50),
        },
        { what: 'feed max', measured: ms(max), target: '< 200 ms', result: verdict(max < 200) },
        {
          what: 'failed polls',
          measured: String(held.failures.length),
          target: '0',
          result: verdict(held.failures.length === 0),
        },
        {
          what: 'product RSS (before / peak / after)',
          measured: `${rssBefore.toFixed(0)} / ${rssPeak.toFixed(0)} / ${rssAfter.toFixed(0)} MB`,
          target: '< +300 MB',
          result: verdict(rssPeak - rssBefore < 300),
        },
        { what: 'process alive', measured: String(alive), target: 'true', result: verdict(alive) },
        {
          what: 'calls answered 5xx other than 503, or not at all',
          measured: `${fiveHundreds.length}${fiveHundreds.length ? ` (${[...new Set(fiveHundreds.map((o) => `${o.call} ${o.status}`))].slice(0, 5).join(', ')})` : ''}`,
          target: '0',
          result: verdict(fiveHundreds.length === 0),
        },
      ],
    );
    const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 8);
    console.log(
      `\nslowest calls: ${slowest.map((o) => `${o.call} as ${o.principal} (${o.cls}) ${o.ms.toFixed(0)} ms`).join(', ')}`,
    );
  } finally {
    await cleanup.run();
  }
}

await main();
