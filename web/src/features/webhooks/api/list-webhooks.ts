import { trpc } from '../../../lib/trpc.ts';

/** The webhooks, without their secrets, and the events one may name. */
export function useWebhooks() {
  return trpc.webhooks.list.useQuery();
}
