import { approvePendingItem } from '@feeddesk/server/approvals/approve-pending-item';
import { listPendingItems } from '@feeddesk/server/approvals/list-pending-items';
import { rejectPendingItem } from '@feeddesk/server/approvals/reject-pending-item';
import { withdrawPendingItem } from '@feeddesk/server/approvals/withdraw-pending-item';
import { requireRole } from '@feeddesk/server/http/require-role';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const tags = ['approvals'];
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Item = Type.Object({
  id: Type.String(),
  kind: Type.String({ enum: ['alert'] }),
  entityId: Type.String({
    description: 'The alert this item publishes (an edit: the live alert it replaces).',
  }),
  state: Type.String({
    enum: ['pending', 'scheduled', 'emergency', 'published', 'rejected', 'failed', 'withdrawn'],
  }),
  header: Type.String(),
  entity: Type.Unknown({ description: 'The alert as protobuf-JSON, as it will enter the feed.' }),
  editsLive: Type.Boolean({
    description: 'An edit of a live alert, which serves on until this is approved.',
  }),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  publishAt: Nullable(Type.String()),
  emergency: Type.Boolean(),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  reason: Nullable(
    Type.String({ description: 'Why it was rejected, or could not enter the feed at its time.' }),
  ),
});
const Params = Type.Object({ id: Type.String({ maxLength: 200 }) });
// A hostile reason stops at the body's bound; the service words the reason's own (2 000 characters).
const RejectBody = Type.Object({ reason: Type.String({ maxLength: 100_000 }) });
const Decided = Type.Object({
  id: Type.String(),
  entityId: Type.String(),
  state: Type.String({ enum: ['published', 'scheduled', 'rejected', 'withdrawn'] }),
  reason: Type.Optional(Type.String()),
  message: Type.String(),
});

/** /feed/pending of docs/rest-api.md "Two-person approval and publication times". */
export const approvalRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      onRequest: requireRole(['edit', 'approve']),
      schema: {
        tags,
        summary:
          'What waits to enter the feed (pending approval, scheduled, emergency publishes to approve afterwards) and what was rejected lately, with author, time and reason (edit or approve).',
        response: { 200: Type.Array(Item), ...refusals(...ROLE_REFUSALS) },
      },
    },
    async () => listPendingItems(app.deps),
  );

  app.post<{ Params: Static<typeof Params> }>(
    '/:id/approve',
    {
      onRequest: requireRole('approve'),
      schema: {
        tags,
        summary:
          'Approve what another user saved (approve): it enters the feed now or at its publishAt; an emergency publish loses its mark. Its author gets 403.',
        params: Params,
        response: { 200: Decided, ...refusals(...ROLE_REFUSALS, 404, 409, 422) },
      },
    },
    async (request) => approvePendingItem(app.deps, { id: request.params.id, by: request.user!.username }),
  );

  app.post<{ Params: Static<typeof Params>; Body: Static<typeof RejectBody> }>(
    '/:id/reject',
    {
      onRequest: requireRole('approve'),
      schema: {
        tags,
        summary:
          'Reject what another user saved, with a reason its author reads (approve); it never enters the feed. Its author gets 403.',
        params: Params,
        body: RejectBody,
        response: { 200: Decided, ...refusals(400, ...ROLE_REFUSALS, 404, 409, 413) },
      },
    },
    async (request) =>
      rejectPendingItem(app.deps, {
        id: request.params.id,
        by: request.user!.username,
        reason: request.body.reason,
      }),
  );

  app.post<{ Params: Static<typeof Params> }>(
    '/:id/withdraw',
    {
      onRequest: requireRole(['edit', 'approve']),
      schema: {
        tags,
        summary:
          'Withdraw what waits (pending approval or scheduled) before it enters the feed: its author, or a user with approve; 403 for others, 409 once decided.',
        params: Params,
        response: { 200: Decided, ...refusals(...ROLE_REFUSALS, 404, 409) },
      },
    },
    async (request) =>
      withdrawPendingItem(app.deps, {
        id: request.params.id,
        by: request.user!.username,
        roles: request.user!.roles,
      }),
  );
};
