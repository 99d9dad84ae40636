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
