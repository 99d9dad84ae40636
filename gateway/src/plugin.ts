import swagger from '@fastify/swagger';
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { consistencyRoutes } from './routes/consistency.ts';
import { dbRoutes } from './routes/db.ts';
import { disruptionRoutes } from './routes/disruptions.ts';
import { docsRoutes } from './routes/docs.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { excelRoutes } from './routes/excel.ts';
import { feedRoutes } from './routes/feed.ts';
import { gtfsRoutes } from './routes/gtfs.ts';
import { liveConnection } from './routes/live.ts';
import { operationsRoutes } from './routes/operations.ts';
import { scheduleVersionRoutes } from './routes/schedule-versions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { openApiOptions } from './support/openapi.ts';

/** The documented REST contract (docs/rest-api.md), one encapsulated plugin per route group. */
export const gatewayPlugin: FastifyPluginAsync = async (app) => {
  // First: it collects the schema of every route registered after it into /docs/openapi.json.
  await app.register(swagger, openApiOptions);
  await app.register(operationsRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(tokenRoutes, { prefix: '/auth/tokens' });
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(disruptionRoutes, { prefix: '/feed/disruptions' });
  await app.register(feedRoutes, { prefix: '/feed' });
  await app.register(consistencyRoutes, { prefix: '/feed' });
  await app.register(dbRoutes, { prefix: '/db' });
  await app.register(gtfsRoutes, { prefix: '/gtfs' });
  await app.register(scheduleVersionRoutes, { prefix: '/gtfs/versions' });
  await app.register(downloadRoutes, { prefix: '/static/shared' });
  await app.register(excelRoutes, { prefix: '/excel' });
  await app.register(docsRoutes);
  await app.register(liveConnection);
};
