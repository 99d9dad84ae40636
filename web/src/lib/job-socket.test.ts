import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCUntypedClient, wsLink } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createJobSocket, RECONNECT_ATTEMPTS } from './job-socket.ts';

type Upgrades = { server: Server; url: string; count: () => number };

/** A /trpc endpoint that accepts the first `accept` upgrades, drops each at the first request, and refuses the rest. */
async function flakyEndpoint(accept: number): Promise<Upgrades> {
  const wss = new WebSocketServer({ noServer: true });
  let upgrades = 0;
  const server = createServer();
  server.on('upgrade', (request, socket, head) => {
    upgrades += 1;
    if (upgrades > accept) return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => ws.once('message', () => ws.terminate()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `ws://127.0.0.1:${port}/trpc`, count: () => upgrades };
}

/** Follows a job over a job socket until the subscription ends; no delay between attempts. */
function followUntilEnded(url: string) {
  const socket = createJobSocket({
    url,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    lazy: { enabled: true, closeMs: 5_000 },
    retryDelayMs: () => 0,
  });
  const client = createTRPCUntypedClient({ links: [wsLink({ client: socket })] });
  return new Promise<void>((resolve, reject) => {
    client.subscription('jobs.onMessage', { jobId: 'job-1' }, { onComplete: resolve, onError: reject });
  });
}

describe('createJobSocket', () => {
  let endpoint: Upgrades | undefined;
  afterEach(async () => {
    await new Promise((resolve) => endpoint?.server.close(resolve));
  });

  it('gives up after 5 reconnection attempts when the first connection fails (docs/spec.md §9)', async () => {
    endpoint = await flakyEndpoint(0);
    await followUntilEnded(endpoint.url);
    expect(RECONNECT_ATTEMPTS).toBe(5);
    expect(endpoint.count()).toBe(1 + 5);
  });

  it('gives up after 5 reconnection attempts when an open connection is lost', async () => {
    endpoint = await flakyEndpoint(1);
    await followUntilEnded(endpoint.url);
    expect(endpoint.count()).toBe(1 + 5);
  });
});
