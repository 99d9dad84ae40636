import { randomBytes } from 'node:crypto';
import { webhooks } from '@feeddesk/drizzle';
import { count, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { checkWebhookEvents, checkWebhookUrl } from './webhook-input.ts';

export type CreateWebhookOptions = { url: string; events: readonly string[]; by: string };

/**
 * Adds a webhook; the answer holds its signing secret (`whsec_` + base64 of 24 random bytes, the
 * Standard Webhooks form), which no later call shows. At most WEBHOOKS_PER_ADMIN per admin,
 * counted in the transaction that adds it (an advisory lock per admin), so every process agrees.
 */
export async function createWebhook(
  deps: AppDeps,
  options: CreateWebhookOptions,
): Promise<{ id: string; secret: string }> {
  const url = checkWebhookUrl(options.url);
  const events = checkWebhookEvents(options.events);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const max = deps.config.WEBHOOKS_PER_ADMIN;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${options.by}`}))`);
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.createdBy, options.by));
    if ((held?.n ?? 0) >= max) {
      throw deps.quotas.refusal(
        'webhooks_per_admin',
        'too_many_webhooks',
        `You have ${max} webhooks already, the most one admin may add (WEBHOOKS_PER_ADMIN). Delete one you no longer need, or give one webhook more events.`,
      );
    }
    const [row] = await tx
      .insert(webhooks)
      .values({ url, events, secret, createdAt: deps.now(), createdBy: options.by })
      .returning({ id: webhooks.id });
    return { id: row!.id, secret };
  });
}
