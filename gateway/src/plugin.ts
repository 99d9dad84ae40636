import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './routes/auth.ts';
import { liveConnection } from './routes/live.ts';

/** The documented REST contract (contract.md), one encapsulated plugin per route group. */
export const gatewayPlugin: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(liveConnection);
};
