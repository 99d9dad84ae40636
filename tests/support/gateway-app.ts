import { gatewayPlugin } from '@feeddesk/gateway/plugin';
import { buildApp } from '@feeddesk/server/app';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import { silentLogger } from '@feeddesk/server/deps';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { openTestDatabase } from './databases.ts';

/**
 * A route as registered: `GET /excel/{name}` (OpenAPI's way of writing `:name`), with the schema
 * it validates its request with (what a generated caller fills in).
 */
export type RegisteredRoute = { call: string; hidden: boolean; schema: FastifySchema | undefined };

export type GatewayApp = { app: FastifyInstance; routes: RegisteredRoute[]; close(): Promise<void> };

/**
 * The gateway as buildProduct builds it (gateway/src/product.ts), not listening (use inject),
 * with every route it registers collected through Fastify's onRoute hook: tests that must know
 * every route (OpenAPI, the access matrix) find new ones without being told.
 */
export async function buildGatewayApp(): Promise<GatewayApp> {
  const database = await openTestDatabase();
  const deps = createAppDeps({
    config: loadConfig({ LOG_LEVEL: 'silent', DEMO_SCHEDULE: 'false' }),
    database: database.database,
    log: silentLogger,
  });
  const routes: RegisteredRoute[] = [];
  // Outside encapsulation (fastify-plugin) and registered first: sees every route the gateway adds.
  const collectRoutes = fp(async (instance) => {
    instance.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue; // Fastify's automatic HEAD twin of each GET
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        routes.push({ call: `${method} ${path}`, hidden: route.schema?.hide === true, schema: route.schema });
      }
    });
  });
  const app = await buildApp({ deps, routes: [collectRoutes, gatewayPlugin], trpc: false, serveWeb: false });
  await app.ready();
  return {
    app,
    routes,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** `/feed/updates` matches `/feed/{feed}`: segments equal, or either one a `{parameter}`. */
export function samePath(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  const param = (s: string) => s.startsWith('{') && s.endsWith('}');
  return as.length === bs.length && as.every((s, i) => s === bs[i] || param(s) || param(bs[i]!));
}

/** `GET /feed/updates` is `GET /feed/{feed}`: same method, same path up to parameters. */
export function sameCall(a: string, b: string): boolean {
  const [am, ap] = a.split(' ');
  const [bm, bp] = b.split(' ');
  return am === bm && samePath(ap!, bp!);
}
