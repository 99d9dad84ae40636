import { requireRole } from '@feeddesk/server/http/require-role';
import { createWebhook } from '@feeddesk/server/webhooks/create-webhook';
import { deleteWebhook } from '@feeddesk/server/webhooks/delete-webhook';
import { listWebhookDeliveries } from '@feeddesk/server/webhooks/list-webhook-deliveries';
import { listWebhooks } from '@feeddesk/server/webhooks/list-webhooks';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from '@feeddesk/server/webhooks/webhook-input';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Message, ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const Body = Type.Object({
  url: Type.String({ maxLength: 4 * WEBHOOK_URL_MAX }),
  events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: WEBHOOK_EVENTS.length }),
});
const Created = Type.Object({ id: Type.String(), secret: Type.String() });
const Listed = Type.Array(
  Type.Object({
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    createdAt: Type.String(),
    createdBy: Type.String(),
  }),
);
const Deliveries = Type.Array(
  Type.Object({
    id: Type.Integer(),
    event: Type.String(),
    createdAt: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
    attempts: Type.Array(
      Type.Object({
        at: Type.String(),
        statusCode: Type.Union([Type.Integer(), Type.Null()]),
        error: Type.Union([Type.String(), Type.Null()]),
        durationMs: Type.Integer(),
      }),
    ),
  }),
);
const Params = Type.Object({ id: Type.String({ maxLength: 100 }) });

const tags = ['webhooks'];

/** /webhooks of docs/rest-api.md "Webhooks" (admin). */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole('admin'));

  app.post<{ Body: Static<typeof Body> }>(
    '/',
    {
      schema: {
        tags,
        summary:
          'Add a webhook (admin): the events it is told of, signed with the secret answered this once.',
        body: Body,
        response: { 200: Created, ...refusals(400, ...ROLE_REFUSALS, 429) },
      },
    },
    (request) => createWebhook(app.deps, { ...request.body, by: request.user!.username }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'The webhooks (admin), without their secrets.',
        response: { 200: Listed, ...refusals(...ROLE_REFUSALS) },
      },
    },
    async () => (await listWebhooks(app.deps)).map((w) => ({ ...w, createdAt: w.createdAt.toISOString() })),
  );

  app.delete<{ Params: Static<typeof Params> }>(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook (admin) and its deliveries: nothing more is sent to it.',
        params: Params,
        response: { 200: Message, ...refusals(...ROLE_REFUSALS, 404) },
      },
    },
    async (request) => {
      const { url } = await deleteWebhook(app.deps, { id: request.params.id });
      return { message: `Deleted the webhook to ${url}.` };
    },
  );

  app.get<{ Params: Static<typeof Params> }>(
    '/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          "A webhook's latest 100 deliveries (admin), newest first, each with its attempts and next attempt.",
        params: Params,
        response: { 200: Deliveries, ...refusals(...ROLE_REFUSALS, 404) },
      },
    },
    async (request) =>
      (await listWebhookDeliveries(app.deps, { id: request.params.id })).map((d) => ({
        ...d,
        status: d.status === 'delivered' ? 'delivered' : d.status === 'failed' ? 'failed' : 'pending',
        createdAt: d.createdAt.toISOString(),
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
        attempts: d.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
      })),
  );
};
