import { webhooks } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

export type WebhookSummary = {
  id: string;
  url: string;
  events: string[];
  createdAt: Date;
  createdBy: string;
};

/** Every webhook, oldest first, without its secret. */
export async function listWebhooks(deps: Deps): Promise<WebhookSummary[]> {
  return deps.db
    .select({
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      createdAt: webhooks.createdAt,
      createdBy: webhooks.createdBy,
    })
    .from(webhooks)
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}
