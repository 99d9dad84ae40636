import { checkReadiness } from '@feeddesk/server/health/check-readiness';
import { requireMetricsToken } from '@feeddesk/server/http/require-metrics-token';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { contentOf, refusals, Text } from '../support/schemas.ts';

const Ready = Type.Object({ status: Type.Literal('ready') });
const NotReady = Type.Object({ status: Type.Literal('not_ready'), reason: Type.String() });
const tags = ['operations'];
/**
 * Probes and scrapes come every few seconds: logged only at warn and above, never per call; they
 * never read the session (a cookie does not make them wait on the database).
 */
const quiet = { logLevel: 'warn', config: { session: false } } as const;

/** docs/rest-api.md "Operations": health, readiness and Prometheus metrics, without a session. */
export const operationsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'The process runs (a load balancer’s liveness check).',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      ...quiet,
      schema: {
        tags,
        summary: 'The database answers and has every migration of this release (readiness check).',
        response: { 200: Ready, 503: { ...NotReady, description: 'Not ready, and why.' } },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(app.deps);
      if (!readiness.ready) return reply.status(503).send({ status: 'not_ready', reason: readiness.reason });
      return { status: 'ready' as const };
    },
  );

  const metrics = app.deps.metrics.registry;
  app.get(
    '/metrics',
    {
      ...quiet,
      onRequest: requireMetricsToken(app.deps.config),
      schema: {
        tags,
        summary: 'Prometheus metrics of this process (text format 0.0.4).',
        description:
          'Open, or with `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set. Each process exposes its own.',
        security: [{}, { metricsToken: [] }],
        response: {
          200: contentOf('Prometheus text exposition format.', { 'text/plain': Text }),
          ...refusals(401),
        },
      },
    },
    async (_request, reply) => reply.type(metrics.contentType).send(await metrics.metrics()),
  );
};
