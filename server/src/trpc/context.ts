import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import type { LiveSockets } from '../http/live-sockets.ts';
import { isSecureRequest } from '../http/session-cookie.ts';
import { admittedSocket } from '../quotas/admit-trpc-socket.ts';
import type { SocketSubscriptions } from '../quotas/socket-quotas.ts';

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
  /** Over a websocket, its subscriptions and their quotas; null on HTTP calls. */
  subscriptions: SocketSubscriptions | null;
};

/** The close reason of a socket whose client kept asking for subscriptions past its quota. */
export const SUBSCRIPTIONS_IGNORED = 'Too many subscriptions refused; reconnect and open fewer.';

/**
 * HTTP calls reuse the session the Fastify hook already read. A websocket connection uses the
 * session its upgrade request was admitted with, and is remembered with it, so that ending the
 * session anywhere closes it.
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
        subscriptions: null,
      } satisfies Context;
    }
    const raw = ('raw' in req ? req.raw : req) as IncomingMessage;
    // Read at the upgrade, before the socket opened (quotas/admit-trpc-socket.ts).
    const upgrade = admittedSocket(raw);
    if (!upgrade)
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'A websocket not admitted.' });
    const { token, session, subscriptions } = upgrade;
    const socket = res as {
      close(code: number, reason: string): void;
      once(event: 'close', f: () => void): void;
    };
    subscriptions.closeWhenIgnored(() => socket.close(4029, SUBSCRIPTIONS_IGNORED));
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
      subscriptions,
    } satisfies Context;
  };
}
