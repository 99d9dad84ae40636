import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '../../webhooks/webhook-input.ts';

export const createWebhookInput = z.object({
  url: z.string().max(4 * WEBHOOK_URL_MAX),
  events: z.array(z.string().max(100)).max(WEBHOOK_EVENTS.length),
});

export const webhookIdInput = z.object({ id: z.string().max(100) });
