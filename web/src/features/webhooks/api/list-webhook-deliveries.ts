import { trpc } from '../../../lib/trpc.ts';

/** A webhook's latest deliveries with their attempts, read again every 5 s while shown (retries come due). */
export function useWebhookDeliveries(id: string) {
  return trpc.webhooks.deliveries.useQuery({ id }, { refetchInterval: 5000 });
}
