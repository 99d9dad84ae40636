import fp from 'fastify-plugin';
import { csrfTokenFor, isValidCsrfToken, loadCsrfSecret, newBrowserId } from '../auth/csrf.ts';
import { AppError } from '../errors.ts';
import { isSecureRequest } from './session-cookie.ts';

const BROWSER_COOKIE = 'browser_id';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a public write, open to anyone without a session, so nothing to forge. */
    csrf?: false;
  }
  interface FastifyRequest {
    /** The CSRF token of this browser, setting its browser cookie when it has none yet. */
    csrfToken(): string;
  }
}

/** Every POST, PUT, PATCH and DELETE needs header X-CSRF-Token matching this browser (docs/rest-api.md). */
export const csrfPlugin = fp(
  async (app) => {
    const secret = await loadCsrfSecret(app.deps);
    app.decorateRequest('csrfToken', function csrfToken(this: import('fastify').FastifyRequest) {
      let browserId = this.cookies[BROWSER_COOKIE];
      if (!browserId) {
        browserId = newBrowserId();
        this.cookies[BROWSER_COOKIE] = browserId;
        (this as unknown as { newBrowserId?: string }).newBrowserId = browserId;
      }
      return csrfTokenFor(secret, browserId);
    });
    // Callback-style hooks: they run on every request (the public feed too) and need no I/O.
    app.addHook('onSend', (request, reply, payload, done) => {
      const fresh = (request as unknown as { newBrowserId?: string }).newBrowserId;
      if (fresh) {
        reply.setCookie(BROWSER_COOKIE, fresh, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: isSecureRequest(request),
          maxAge: 365 * 86_400,
        });
      }
      done(null, payload);
    });
    app.addHook('onRequest', (request, _reply, done) => {
      // A bearer token is no cookie a browser sends by itself: nothing to forge (api-token.ts).
      if (!WRITE_METHODS.has(request.method) || request.apiToken) return done();
      // A public write that needs no login (POST /subscriptions): a forged cross-site post can do
      // nothing its victim's browser could not do for anyone (docs/rest-api.md "E-mail subscriptions").
      if (request.routeOptions.config?.csrf === false) return done();
      if (isValidCsrfToken(secret, request.cookies[BROWSER_COOKIE], request.headers['x-csrf-token']))
        return done();
      done(
        new AppError('csrf_invalid', {
          message:
            'The CSRF token is missing or wrong. Fetch GET /auth/csrf and send it as header X-CSRF-Token.',
        }),
      );
    });
  },
  { name: 'csrf', dependencies: ['app-deps', '@fastify/cookie'] },
);
