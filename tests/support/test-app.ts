import { buildProduct } from '@feeddesk/gateway/product';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import type { AppDeps } from '@feeddesk/server/deps';
import { silentLogger } from '@feeddesk/server/deps';

/** FEEDDESK_TEST_LOG=1 prints the services' errors (a test or benchmark that meets a 500). */
const consoleLogger = { info() {}, warn: console.warn, error: console.error };

import { importSchedule } from '@feeddesk/server/schedule/import/import-schedule';
import { startBackground } from '@feeddesk/server/start-background';
import { createUser } from '@feeddesk/server/users/create-user';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, type TestDatabase } from './databases.ts';
import { HttpClient } from './http-client.ts';
import { agencyDemoWorkbook } from './schedule.ts';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

export type TestApp = {
  url: string;
  app: FastifyInstance;
  deps: AppDeps;
  db: TestDatabase;
  /** Set `now` to fix the clock the services see; null = real time. */
  clock: { now: Date | null };
  /** A new cookie jar (a browser) on this app. */
  client(): HttpClient;
  /** A browser logged in as a new user with these roles. */
  clientWithRoles(roles: string[], name?: string): Promise<HttpClient>;
  close(): Promise<void>;
};

/** The real product (gateway/src/product.ts) on a real port against a real database (docs/quality.md), with a controllable clock. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    serveWeb?: boolean;
    trpc?: boolean;
    /** Fastify's logger options (the access log), e.g. `{ level: 'info', stream }`; none by default. */
    logger?: object;
    /**
     * Load the demo schedule with its agency in the suite's zone (AGENCY_ZONE, tests/support/agency-zone.ts)
     * before the app answers: what DEMO_SCHEDULE does on a first start, in a zone far from Johannesburg.
     */
    agencyDemo?: boolean;
  } = {},
): Promise<TestApp> {
  const db = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_SCHEDULE: 'false',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock: { now: Date | null } = { now: null };
  const deps = createAppDeps({
    config,
    database: db.database,
    log: process.env.FEEDDESK_TEST_LOG ? consoleLogger : silentLogger,
    now: () => clock.now ?? new Date(),
  });
  const background = await startBackground(deps);
  if (options.agencyDemo) {
    await importSchedule(deps, {
      bytes: await agencyDemoWorkbook(),
      fileName: 'demo-timetable.xlsx',
      uploadedBy: null,
      jobId: null,
      progress: async () => {},
    });
  }
  const app = await buildProduct({
    deps,
    serveWeb: options.serveWeb ?? false,
    trpc: options.trpc,
    logger: options.logger,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let n = 0;
  const testApp: TestApp = {
    url,
    app,
    deps,
    db,
    clock,
    client: () => new HttpClient(url),
    async clientWithRoles(roles, name) {
      const username = name ?? `user${++n}-${roles.join('-') || 'none'}`;
      const password = 'a-long-password-1';
      await createUser(deps, { username, password, roles });
      const client = new HttpClient(url);
      await client.login(username, password);
      return client;
    },
    async close() {
      await app.close();
      await background.stop();
      if (!options.database) await db.drop();
    },
  };
  return testApp;
}
