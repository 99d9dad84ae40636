import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import { csrfToken } from './csrf.ts';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers: async () => ({ 'x-csrf-token': await csrfToken() }),
        fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}
