import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionUser, sessionPolicy, validateSessionToken } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { cookieValue, SESSION_COOKIE } from '../http/session-cookie.ts';

export type Context = {
  deps: AppDeps;
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  secure: boolean;
  /** Present on HTTP calls (not over the websocket): lets login and logout set cookies. */
  reply: FastifyReply | null;
};

/**
 * HTTP calls reuse the session the Fastify hook already read; websocket connections (subscriptions)
 * read the cookie of their upgrade request.
 */
export function makeCreateContext(deps: AppDeps) {
  return async ({
    req,
    res,
  }: {
    req: FastifyRequest | import('node:http').IncomingMessage;
    res: unknown;
  }) => {
    const isHttp = res !== null && typeof res === 'object' && 'setCookie' in res;
    if (isHttp) {
      const request = req as FastifyRequest;
      return {
        deps,
        user: request.user,
        sessionId: request.sessionId,
        ip: request.ip,
        secure: request.protocol === 'https',
        reply: res as FastifyReply,
      } satisfies Context;
    }
    const raw = ('raw' in req ? req.raw : req) as import('node:http').IncomingMessage;
    const token = cookieValue(raw.headers.cookie, SESSION_COOKIE);
    const session = token ? await validateSessionToken(deps, { token, policy: sessionPolicy(deps) }) : null;
    return {
      deps,
      user: session?.user ?? null,
      sessionId: session?.sessionId ?? null,
      ip: raw.socket?.remoteAddress ?? '',
      secure: false,
      reply: null,
    } satisfies Context;
  };
}
