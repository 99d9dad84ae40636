import { createWebhook } from '../../webhooks/create-webhook.ts';
import { deleteWebhook } from '../../webhooks/delete-webhook.ts';
import { listWebhookDeliveries } from '../../webhooks/list-webhook-deliveries.ts';
import { listWebhooks } from '../../webhooks/list-webhooks.ts';
import { WEBHOOK_EVENTS } from '../../webhooks/webhook-input.ts';
import { adminProcedure, router } from '../trpc.ts';
import { createWebhookInput, webhookIdInput } from './webhooks.schemas.ts';

/** The administrators' webhook screen, over the same services as /webhooks. */
export const webhooksRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({
    webhooks: await listWebhooks(ctx.deps),
    events: [...WEBHOOK_EVENTS],
  })),
  create: adminProcedure
    .input(createWebhookInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.deps, { ...input, by: ctx.user.username })),
  delete: adminProcedure.input(webhookIdInput).mutation(async ({ ctx, input }) => {
    const { url } = await deleteWebhook(ctx.deps, input);
    return { message: `Deleted the webhook to ${url}.` };
  }),
  deliveries: adminProcedure
    .input(webhookIdInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.deps, input)),
});
