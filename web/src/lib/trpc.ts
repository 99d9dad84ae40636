import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { csrfToken } from './csrf.ts';
import { createJobSocket } from './job-socket.ts';

export const trpc = createTRPCReact<AppRouter>();

function wsUrl() {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;
}

const headers = async () => ({ 'x-csrf-token': await csrfToken() });
const sameOrigin = (url: URL | RequestInfo, init?: RequestInit) =>
  fetch(url, { ...init, credentials: 'same-origin' });

/**
 * Queries whose input is a whole alert or trip update (the checks run while the controller types):
 * sent by POST with the input in the body, as a long alert in the URL would be refused (431) and the
 * editor would show no warning at all. The server allows queries by POST.
 */
const BODY_QUERIES = new Set(['feed.lintAlert', 'consistency.preview']);

/** Queries and mutations over HTTP with the CSRF header; job subscriptions over one lazy websocket. */
export function createTrpcClient() {
  // Lazy: the socket opens for the first subscription and closes when none is left.
  const wsClient = createJobSocket({ url: wsUrl, lazy: { enabled: true, closeMs: 5_000 } });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        // Files (FormData) cannot be batched as JSON: they go alone over httpLink.
        false: splitLink({
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url: '/trpc', headers, fetch: sameOrigin }),
          false: splitLink({
            condition: (op) => op.type === 'query' && BODY_QUERIES.has(op.path),
            true: httpBatchLink({
              url: '/trpc',
              headers,
              fetch: sameOrigin,
              maxItems: 50,
              methodOverride: 'POST',
            }),
            false: httpBatchLink({ url: '/trpc', headers, fetch: sameOrigin, maxItems: 50 }),
          }),
        }),
      }),
    ],
  });
}
