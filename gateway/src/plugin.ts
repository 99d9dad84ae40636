import swagger from '@fastify/swagger';
import { FeedCache } from '@feeddesk/server/feed/feed-cache';
import type { FastifyPluginAsync } from 'fastify';
import { approvalRoutes } from './routes/approvals.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { consistencyRoutes } from './routes/consistency.ts';
import { dbRoutes } from './routes/db.ts';
import { disruptionRoutes } from './routes/disruptions.ts';
import { docsRoutes } from './routes/docs.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { excelRoutes } from './routes/excel.ts';
import { feedRoutes } from './routes/feed.ts';
import { formationRoutes } from './routes/formations.ts';
import { gtfsRoutes } from './routes/gtfs.ts';
import { liveConnection } from './routes/live.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { operationsRoutes } from './routes/operations.ts';
import { riderRoutes } from './routes/riders.ts';
import { scheduleVersionRoutes } from './routes/schedule-versions.ts';
import { settingsRoutes } from './routes/settings.ts';
import { siriRoutes } from './routes/siri.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { openApiOptions } from './support/openapi.ts';

/** The documented REST contract (docs/rest-api.md), one encapsulated plugin per route group. */
export const gatewayPlugin: FastifyPluginAsync = async (app) => {
  // First: it collects the schema of every route registered after it into /docs/openapi.json.
  await app.register(swagger, openApiOptions);
  // The live feeds as this process serves them, read once per change: the feeds' routes and the
  // riders' pages made from them (status, Atom) and the SIRI deliveries show the same truth.
  const feeds = new FeedCache(app.deps);
  feeds.start();
  app.addHook('onClose', async () => feeds.stop());
  await app.register(operationsRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(oidcRoutes, { prefix: '/auth' });
  await app.register(tokenRoutes, { prefix: '/auth/tokens' });
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(webhookRoutes, { prefix: '/webhooks' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(disruptionRoutes, { prefix: '/feed/disruptions' });
  await app.register(approvalRoutes, { prefix: '/feed/pending' });
  await app.register(formationRoutes, { prefix: '/feed/formations' });
  await app.register(feedRoutes, { prefix: '/feed', cache: feeds });
  await app.register(consistencyRoutes, { prefix: '/feed' });
  await app.register(riderRoutes, { cache: feeds });
  await app.register(siriRoutes, { prefix: '/siri', cache: feeds });
  await app.register(dbRoutes, { prefix: '/db' });
  await app.register(gtfsRoutes, { prefix: '/gtfs' });
  await app.register(scheduleVersionRoutes, { prefix: '/gtfs/versions' });
  await app.register(downloadRoutes, { prefix: '/static/shared' });
  await app.register(excelRoutes, { prefix: '/excel' });
  await app.register(docsRoutes);
  await app.register(liveConnection);
};
