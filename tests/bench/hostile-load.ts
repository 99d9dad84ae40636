/**
 * The feed while hostile clients hold connections: the product as `npm start` runs it
 * (its embedded PostgreSQL, logging on), polled at a steady rate from a process of its own, first
 * with nothing else, then while 500 connections trickle request bodies (just fast enough not to be
 * closed as stalled) and 1 000 anonymous websockets sit idle, from ten loopback addresses (one
 * address may hold 256 connections). Figures are printed, not asserted.
 *
 *   npm run bench -- hostile-load
 *   BENCH_TRICKLING=500 BENCH_WEBSOCKETS=1000 BENCH_POLL_RATE=200 BENCH_SECONDS=20
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import WebSocket from 'ws';
import { type PollerResult, startPollerProcess } from './support/poller-process.ts';
import { Cleanup, percentile } from './support/process.ts';
import { startProductProcess } from './support/product-process.ts';
import { machine, ms, printReport, verdict } from './support/report.ts';

const TRICKLING = Number(process.env.BENCH_TRICKLING ?? 500);
const WEBSOCKETS = Number(process.env.BENCH_WEBSOCKETS ?? 1000);
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.1.${i + 1}`);

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pollFor(url: string): Promise<PollerResult> {
  const poller = await startPollerProcess(`${url}/feed/updates`, POLL_RATE);
  await sleep(SECONDS * 1000);
  return poller.stop();
}

async function main(): Promise<void> {
  console.log(machine());
  const cleanup = new Cleanup();
  const product = await startProductProcess({ env: { DEMO_SCHEDULE: 'true' } });
  cleanup.add('product', () => product.stop());
  try {
    const { port } = new URL(product.url);
    const idle = await pollFor(product.url);
    const rssBefore = rssMb(product.pid);

    // Each trickling body announces 500 000 bytes and sends 1 KB every 2 s: 15 KB in each 30 s,
    // above the 8 KB a body must bring in a window to stay open.
    const trickling: net.Socket[] = [];
    for (let i = 0; i < TRICKLING; i++) {
      const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: ADDRESSES[i % 10] });
      socket.on('error', () => {});
      socket.on('connect', () =>
        socket.write(
          'POST /auth/login HTTP/1.1\r\nHost: desk\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n{"username":"',
        ),
      );
      trickling.push(socket);
    }
    const kilobyte = 'a'.repeat(1024);
    const trickle = setInterval(() => {
      for (const s of trickling) if (!s.destroyed) s.write(kilobyte);
    }, 2000);
    cleanup.add('trickle', () => {
      clearInterval(trickle);
      for (const s of trickling) s.destroy();
    });
    const sockets: WebSocket[] = [];
    const opened = await Promise.all(
      Array.from({ length: WEBSOCKETS }, (_, i) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/trpc`, {
          origin: product.url,
          localAddress: ADDRESSES[i % 10],
        });
        sockets.push(ws);
        return new Promise<boolean>((resolve) => {
          ws.once('open', () => resolve(true));
          ws.once('unexpected-response', () => resolve(false));
          ws.once('error', () => resolve(false));
        });
      }),
    );
    cleanup.add('websockets', () => {
      for (const ws of sockets) ws.terminate();
    });
    await sleep(1000);
    const held = await pollFor(product.url);
    const trickleOpen = trickling.filter((s) => !s.destroyed).length;
    const wsOpen = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    const rssHeld = rssMb(product.pid);

    const p99 = (r: PollerResult) => percentile(r.latencies, 99);
    printReport(`The feed at ${POLL_RATE} polls/s, ${SECONDS} s each`, [
      { what: 'feed p99, nothing held', measured: ms(p99(idle)), target: '–', result: '–' },
      {
        what: `feed p99 while ${trickleOpen} trickling bodies and ${wsOpen} websockets are held (opened ${opened.filter(Boolean).length})`,
        measured: ms(p99(held)),
        reference: ms(p99(idle)),
        target: '< 50 ms',
        result: verdict(p99(held) < 50),
      },
      {
        what: 'feed max while held',
        measured: ms(held.latencies.at(-1) ?? Number.NaN),
        target: '–',
        result: '–',
      },
      {
        what: 'failed polls (idle / held)',
        measured: `${idle.failures.length} / ${held.failures.length}`,
        target: '0',
        result: verdict(idle.failures.length + held.failures.length === 0),
      },
      {
        what: 'product RSS (before / while held)',
        measured: `${rssBefore.toFixed(0)} / ${rssHeld.toFixed(0)} MB`,
        target: '–',
        result: '–',
      },
    ]);
  } finally {
    await cleanup.run();
  }
}

await main();
