import { webhooks } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws webhook_not_found unless `id` could name a webhook (a uuid), before any query. */
export function checkWebhookId(id: string): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}

export function notFound(): AppError {
  return new AppError('webhook_not_found', {
    message: 'There is no such webhook: it may have been deleted. Reload the list.',
  });
}

/** Deletes a webhook and its deliveries, sent or not: nothing more is sent to it. */
export async function deleteWebhook(deps: Deps, options: { id: string }): Promise<{ url: string }> {
  const [row] = await deps.db
    .delete(webhooks)
    .where(eq(webhooks.id, checkWebhookId(options.id)))
    .returning({ url: webhooks.url });
  if (!row) throw notFound();
  return row;
}
