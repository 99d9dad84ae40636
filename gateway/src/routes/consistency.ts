import { findConsistencyFindings } from '@feeddesk/server/consistency/find-consistency-findings';
import { requireRole } from '@feeddesk/server/http/require-role';
import type { FastifyPluginAsync } from 'fastify';
import { ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const finding = {
  type: 'object',
  required: ['code', 'severity', 'entityIds', 'message'],
  properties: {
    code: { type: 'string' },
    severity: { type: 'string', enum: ['error', 'warning', 'info'] },
    entityIds: { type: 'array', items: { type: 'string' } },
    message: { type: 'string' },
  },
} as const;

/** GET /feed/consistency (view): findings across the live feed and the current schedule (docs/rest-api.md). */
export const consistencyRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/consistency',
    {
      preHandler: requireRole('view'),
      schema: {
        tags: ['feed'],
        summary: 'Consistency findings across the live feed and the current schedule (view).',
        response: { 200: { type: 'array', items: finding }, ...refusals(...ROLE_REFUSALS) },
      },
    },
    () => findConsistencyFindings(app.deps),
  );
};
