import { webhookAttempts, webhookDeliveries, webhooks } from '@feeddesk/drizzle';
import { asc, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { checkWebhookId, notFound } from './delete-webhook.ts';

/** Deliveries listed at most, newest first. */
export const DELIVERIES_LISTED = 100;

export type WebhookAttempt = {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};
export type WebhookDelivery = {
  id: number;
  event: string;
  createdAt: Date;
  status: string;
  nextAttemptAt: Date | null;
  attempts: WebhookAttempt[];
};

/** A webhook's latest deliveries with their attempts (the delivery log); webhook_not_found if none. */
export async function listWebhookDeliveries(deps: Deps, options: { id: string }): Promise<WebhookDelivery[]> {
  const id = checkWebhookId(options.id);
  const [hook] = await deps.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.id, id));
  if (!hook) throw notFound();
  const deliveries = await deps.db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      createdAt: webhookDeliveries.createdAt,
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, id))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  if (deliveries.length === 0) return [];
  const attempts = await deps.db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      at: webhookAttempts.at,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
    })
    .from(webhookAttempts)
    .where(
      isAnyOf(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookAttempts.id));
  return deliveries.map((d) => ({
    ...d,
    attempts: attempts.filter((a) => a.deliveryId === d.id).map(({ deliveryId: _, ...a }) => a),
  }));
}
