import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import WebSocket from 'ws';

/** A typed tRPC client over the websocket at /trpc, carrying a browser's session cookie. */
export function trpcOverWebSocket(baseUrl: string, cookie: string) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  const wsClient = createWSClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/trpc`,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return { client, close: () => wsClient.close() };
}

export type SocketAnswer =
  | { ok: true; data?: unknown }
  | { ok: false; code: string; httpStatus: number; message: string };

/**
 * A bare tRPC websocket at /trpc speaking the wire protocol itself, as any client could: the first
 * answer to each call, and when (with which code) the server closed it.
 */
export class RawTrpcSocket {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: SocketAnswer) => void>();
  readonly opened: Promise<void>;
  /** The close code; resolves when the socket closes, whoever closed it. */
  readonly closed: Promise<number>;
  /** The HTTP status of a refused upgrade (the socket never opened). */
  readonly refused: Promise<number>;
  private readonly ws: WebSocket;

  constructor(baseUrl: string, headers: Record<string, string>) {
    this.ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/trpc`, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.refused = new Promise((resolve) => {
      this.ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
    this.ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as {
        id: number;
        result?: { type: string; data?: unknown };
        error?: { message: string; data: { code: string; httpStatus: number } };
      };
      const done = this.waiting.get(message.id);
      if (!done) return;
      this.waiting.delete(message.id);
      if (message.error) {
        const { code, httpStatus } = message.error.data;
        done({ ok: false, code, httpStatus, message: message.error.message });
      } else done({ ok: true, data: message.result?.data });
    });
  }

  /** Sends one call; resolves with its first answer (a subscription's 'started' counts as ok). */
  call(method: 'query' | 'mutation' | 'subscription', path: string, input?: unknown): Promise<SocketAnswer> {
    const id = this.nextId++;
    const answer = new Promise<SocketAnswer>((resolve) => this.waiting.set(id, resolve));
    this.ws.send(JSON.stringify({ id, method, params: { path, input } }));
    return answer;
  }

  close(): void {
    this.ws.close();
  }
}
