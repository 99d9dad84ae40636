import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { PreparedResponse } from './prepared-response.ts';

/**
 * The prepared answer to one public GET, or undefined to leave it to Fastify (the same path is
 * also a Fastify route, which takes every case this one declines).
 */
export type PublicGet = (request: IncomingMessage) => PreparedResponse | undefined;

/** Told of every answered public GET: its route pattern (the metrics label), path, status, duration. */
export type PublicGetObserver = (route: string, path: string, status: number, ms: number) => void;

/**
 * The public GETs journey planners poll thousands of times a second (the live feeds), answered
 * before Fastify routes the request: no Request/Reply objects, no hook chain (session, cookie,
 * API token, CSRF, websocket), no per-request logger, and the answer written as prepared bytes
 * (prepared-response.ts). Measured (tests/bench/README.md), that machinery was most of what the
 * feed cost above a bare Node server sending the same buffer.
 * Only exact paths are looked up; a handler answers what it can prove is an ordinary anonymous
 * poll and declines the rest (a token, an unknown query, a cold cache) to its Fastify route.
 */
export class PublicGets {
  private readonly handlers = new Map<string, { route: string; handler: PublicGet }>();
  private readonly observers: PublicGetObserver[] = [];

  /** `route` is the pattern of the Fastify route that serves the same path (`/feed/:feed`). */
  add(path: string, route: string, handler: PublicGet): void {
    if (this.handlers.has(path)) throw new Error(`${path} already has a public GET`);
    this.handlers.set(path, { route, handler });
  }

  /** The request metrics and the access log count these answers as their hooks count Fastify's. */
  observe(observer: PublicGetObserver): void {
    this.observers.push(observer);
  }

  /** True when the request was answered here. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.handlers.size === 0) return false;
    const startedAt = performance.now();
    const url = request.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const entry = this.handlers.get(path);
    if (!entry) return false;
    let answer: PreparedResponse | undefined;
    try {
      answer = entry.handler(request);
    } catch {
      // Nothing sent yet: Fastify's route meets the same failure and answers it as any other.
      return false;
    }
    if (!answer) return false;
    answer.send(response);
    // Timed until the last byte is handed to the kernel, as Fastify's reply.elapsedTime is. An
    // answer mostly goes to the kernel within send(): then it is counted now, without a 'finish'
    // listener per poll. Else Node emits 'finish' once the socket has written it, never before
    // the next tick: listening now cannot miss it.
    if (response.writableLength === 0) this.tell(entry.route, path, response.statusCode, startedAt);
    else response.once('finish', () => this.tell(entry.route, path, response.statusCode, startedAt));
    return true;
  }

  private tell(route: string, path: string, status: number, startedAt: number): void {
    const ms = performance.now() - startedAt;
    for (const observer of this.observers) observer(route, path, status, ms);
  }

  /**
   * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (same timeouts), asking the
   * public GETs first.
   */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (fastifyHandler, fastifyOptions) => {
      // Fastify's options with its defaults applied (keepAliveTimeout 72 s, the others 0 = none).
      const options = fastifyOptions as ServerTimeouts;
      // Node closes a connection whose headers are late (headersTimeout, set by connection-guard.ts)
      // when it checks its connections: every 5 s rather than 30, so a late one waits little longer.
      const server: Server = createServer({ connectionsCheckingInterval: 5_000 }, (request, response) => {
        if (!this.serve(request, response)) fastifyHandler(request, response);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    };
  }
}

type ServerTimeouts = {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    publicGets: PublicGets;
  }
}
