import fp from 'fastify-plugin';
import { type SessionUser, sessionPolicy } from '../auth/sessions.ts';
import { validateSessionTokenOnce } from '../auth/validate-session-once.ts';
import { admittedSocket } from '../quotas/admit-trpc-socket.ts';
import { isSecureRequest, SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route never reads the session (the probes), so the cookie is not looked up. */
    session?: false;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
}

/** Reads the session cookie on every request; refreshes the cookie when the sliding expiry moved. */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', (request, reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      // Most requests (journey planners polling the feed) carry no session: no promise for them.
      // Probes never use one: a browser's cookie must not make /readyz wait on the database or
      // fail with its error while the database is away.
      if (!token || request.routeOptions.config?.session === false) return done();
      // A websocket's upgrade was read already, before it was let in (quotas/admit-trpc-socket.ts).
      const upgrade = admittedSocket(request.raw);
      if (upgrade) {
        request.user = upgrade.session?.user ?? null;
        request.sessionId = upgrade.session?.sessionId ?? null;
        return done();
      }
      validateSessionTokenOnce(app.deps, { token, policy: sessionPolicy(app.deps) }).then((session) => {
        if (session) {
          request.user = session.user;
          request.sessionId = session.sessionId;
          if (session.renewed && session.persistent) {
            setSessionCookie(reply, {
              token,
              persistent: true,
              expiresAt: session.expiresAt,
              secure: isSecureRequest(request),
            });
          }
        }
        done();
      }, done);
    });
  },
  { name: 'session', dependencies: ['app-deps', '@fastify/cookie'] },
);
