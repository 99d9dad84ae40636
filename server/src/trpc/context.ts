import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionUser, sessionPolicy, validateSessionToken } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import type { LiveSockets } from '../http/live-sockets.ts';
import { cookieValue, isSecureRequest, SESSION_COOKIE } from '../http/session-cookie.ts';

export type Context = {
  deps: AppDeps;
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  secure: boolean;
  /** Present on HTTP calls (not over the websocket): lets login and logout set cookies. */
  reply: FastifyReply | null;
  /**
   * null on HTTP calls; over a websocket the session cookie of its upgrade ('' without one),
   * read again for every call (trpc.ts).
   */
  socketToken: string | null;
};

/**
 * HTTP calls reuse the session the Fastify hook already read. A websocket connection reads the
 * cookie of its upgrade request, and is remembered with its session, so that ending the session
 * anywhere closes it.
 */
export function makeCreateContext(deps: AppDeps, liveSockets: LiveSockets) {
  return async ({ req, res }: { req: FastifyRequest | IncomingMessage; res: unknown }) => {
    const isHttp = res !== null && typeof res === 'object' && 'setCookie' in res;
    if (isHttp) {
      const request = req as FastifyRequest;
      return {
        deps,
        // Never a token's caller: the guard refuses those already (http-guard.ts); this is the
        // second lock, should a route ever miss the guard.
        user: request.apiToken ? null : request.user,
        sessionId: request.sessionId,
        ip: request.ip,
        secure: isSecureRequest(request),
        reply: res as FastifyReply,
        socketToken: null,
      } satisfies Context;
    }
    const raw = ('raw' in req ? req.raw : req) as IncomingMessage;
    const token = cookieValue(raw.headers.cookie, SESSION_COOKIE) ?? '';
    const session = token ? await validateSessionToken(deps, { token, policy: sessionPolicy(deps) }) : null;
    const socket = res as {
      close(code: number, reason: string): void;
      once(event: 'close', f: () => void): void;
    };
    if (session) {
      const forget = liveSockets.add({
        userId: session.user.id,
        sessionId: session.sessionId,
        close: () => socket.close(4001, 'Session ended'),
      });
      socket.once('close', forget);
    }
    return {
      deps,
      user: session?.user ?? null,
      sessionId: session?.sessionId ?? null,
      ip: raw.socket?.remoteAddress ?? '',
      secure: false,
      reply: null,
      socketToken: token,
    } satisfies Context;
  };
}
