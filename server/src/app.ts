import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import type { AppDeps } from './deps.ts';
import { accessLogPlugin } from './http/access-log.ts';
import { apiTokenPlugin } from './http/api-token.ts';
import { appDepsPlugin } from './http/app-deps.ts';
import { guardConnections } from './http/connection-guard.ts';
import { csrfPlugin } from './http/csrf.ts';
import { installErrorHandler, notFoundBody } from './http/error-handler.ts';
import { liveSocketsPlugin } from './http/live-sockets.ts';
import { isAllowedOrigin } from './http/origin.ts';
import { processVitalsPlugin } from './http/process-vitals.ts';
import { PublicGets } from './http/public-gets.ts';
import { BODY_LIMITS, installBodyParsers } from './http/request-bodies.ts';
import { requestMetricsPlugin } from './http/request-metrics.ts';
import { securityHeadersPlugin } from './http/security-headers.ts';
import { sessionPlugin } from './http/session.ts';
import { admitTrpcSocket, admittedSocket } from './quotas/admit-trpc-socket.ts';
import { gateSubscriptionFrames } from './quotas/subscription-gate.ts';
import { type AppRouter, appRouter } from './trpc/app-router.ts';
import { makeCreateContext } from './trpc/context.ts';
import { addTrpcHttpGuard } from './trpc/http-guard.ts';

export type BuildAppOptions = {
  deps: AppDeps;
  logger?: boolean | object;
  serveWeb?: boolean;
  /** false = no tRPC (the gateway's own process: gateway/src/main.ts). */
  trpc?: boolean;
  /**
   * Route plugins registered on the plumbing, beside tRPC and before the web app: the REST gateway
   * (gateway/src/product.ts). The server knows no route of its own here, so it depends on no edge.
   */
  routes?: FastifyPluginAsync[];
};

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Screens of the single page app (docs/spec.md §2); a browser asking for them gets index.html. */
const SPA_ROUTES = new Set([
  '/',
  '/trip_update',
  '/service_alert',
  '/upload_gtfs',
  '/add_user',
  '/list_user',
  '/list_excel',
  '/dashboard',
  '/disruptions',
  '/alert_templates',
  '/tokens',
  '/trains',
  '/schedule_versions',
  '/audit',
  '/settings',
  '/webhooks',
]);

/**
 * A browser's navigation (a reload, a typed address) asks for a page: `Accept` names text/html.
 * A REST client (curl's and fetch's default is *\/*, the web app's calls ask JSON) gets the call.
 */
export function asksForPage(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return type === 'text/html' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Builds the app on one Fastify instance: the HTTP plumbing, tRPC, the given routes and the web app. Never listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { deps } = options;
  // The polled public GETs are answered before Fastify routes them (http/public-gets.ts).
  const publicGets = new PublicGets();
  const app = Fastify({
    serverFactory: publicGets.serverFactory(),
    logger: options.logger ?? false,
    // One access-log line per staff request, one summary per period for the polled feeds.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: BODY_LIMITS.bytes,
    routerOptions: { maxParamLength: 500 },
    // A backstop for a connection on which nothing moves either way (a download nobody reads);
    // headers and bodies that do not progress are closed sooner (http/connection-guard.ts).
    connectionTimeout: 300_000,
  });
  app.decorate('publicGets', publicGets);
  installErrorHandler(app);
  const connections = guardConnections(app, deps);
  await app.register(accessLogPlugin, { summarySeconds: deps.config.LOG_SUMMARY_SECONDS });
  await app.register(processVitalsPlugin, {
    periodSeconds: deps.config.LOG_SUMMARY_SECONDS,
    metrics: deps.metrics,
  });
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await installBodyParsers(app);
  // No attachFieldsToBody: a multipart body is read only by the handler that asks for it, after
  // the route's onRequest hooks have checked the caller (gateway/src/support/read-form.ts).
  await app.register(multipart, {
    limits: { fileSize: deps.config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 50, fieldSize: 64 * 1024 },
  });
  // Two websocket servers share the port: Socket.IO owns /ws (docs/rest-api.md), tRPC the rest.
  // A server that never listens, used only as the emitter of the upgrades that are not for /ws.
  const trpcUpgrades = createServer();
  app.server.on('upgrade', (request, socket, head) => {
    if (!connections.admitWebsocket(request, socket as Socket)) return;
    if (request.url?.startsWith('/ws')) return; // Socket.IO checks the origin itself (routes/live.ts).
    if (!isAllowedOrigin(request.headers, deps.config)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // The principal's websockets are counted before the upgrade is answered.
    void admitTrpcSocket(deps, request, socket as Socket).then((admitted) => {
      if (admitted) trpcUpgrades.emit('upgrade', request, socket, head);
    });
  });
  // Each message in a turn of its own (ws's allowSynchronousEvents: false): libuv hands every
  // readable socket's data over in one poll phase, and ws emitted all the frames of a chunk at once,
  // so 32 sockets each sending 200 subscriptions were all handled before the next poll of the feed
  // was read (docs/rest-api.md "Quotas of a principal").
  await app.register(websocket, {
    options: { maxPayload: 1024 * 1024, server: trpcUpgrades, allowSynchronousEvents: false },
  });
  await app.register(appDepsPlugin, { deps });
  await app.register(requestMetricsPlugin);
  await app.register(sessionPlugin);
  await app.register(apiTokenPlugin);
  await app.register(liveSocketsPlugin);
  await app.register(csrfPlugin);
  if (options.trpc !== false) await registerTrpc(app, deps);
  const webDist = deps.config.WEB_DIST ?? defaultWebDist;
  const serveWeb = options.serveWeb !== false && existsSync(join(webDist, 'index.html'));
  // A screen whose path is also a REST call (/settings): a browser reloading it gets the page, not
  // the call's JSON (docs/rest-api.md "Common rules").
  if (serveWeb)
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !asksForPage(request.headers.accept)) return;
      if (!SPA_ROUTES.has(request.url.split('?')[0] ?? '/')) return;
      return reply.header('cache-control', 'no-cache').header('vary', 'accept').sendFile('index.html');
    });
  for (const routes of options.routes ?? []) await app.register(routes);
  if (serveWeb)
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
  else if (options.serveWeb !== false) app.log.warn(`No built web app in ${webDist}; run the web build.`);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (serveWeb && request.method === 'GET' && SPA_ROUTES.has(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request));
  });
  return app;
}

async function registerTrpc(app: FastifyInstance, deps: AppDeps) {
  const createContext = makeCreateContext(deps, app.liveSockets);
  const onError = ({ error }: { error: TRPCError }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR')
      deps.log.error({ err: error.cause ?? error }, 'tRPC call failed');
  };
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter> = {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // The web app batches at most this many calls (web/src/lib/trpc.ts): a longer batch is not ours.
      maxBatchSize: 50,
      // The editors send the checks of a whole alert (feed.lintAlert, consistency.preview) by POST:
      // in the URL a long alert is refused with 431. Queries stay free of effects.
      allowMethodOverride: true,
      createContext,
      onError,
    },
  };
  // The adapter's websocket handler, on a route of our own (not the plugin's useWSS) so that each
  // socket reaches tRPC through the gate of its subscription quota (quotas/subscription-gate.ts).
  // No keepAlive: the browser's wsLink reconnects by itself.
  const onConnection = getWSConnectionHandler<AppRouter>({
    router: appRouter,
    createContext,
    onError,
    // Typed as needed, read only by applyWSSHandler (not used here).
    wss: app.websocketServer,
  });
  // One scope for the tRPC routes, so its hooks run on the matched routes only.
  await app.register(async (scope) => {
    addTrpcHttpGuard(scope);
    await scope.register(fastifyTRPCPlugin, trpcOptions);
    scope.get('/trpc', { websocket: true }, (socket, request) => {
      const admitted = admittedSocket(request.raw);
      if (!admitted) {
        socket.close(1011, 'Not admitted.');
        return;
      }
      onConnection(gateSubscriptionFrames(socket, admitted.subscriptions), request.raw);
    });
  });
}
