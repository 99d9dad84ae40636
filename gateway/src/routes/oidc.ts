import { finishSignIn, SignInRefused } from '@feeddesk/server/auth/oidc/finish-sign-in';
import { PENDING_SIGN_IN_COOKIE } from '@feeddesk/server/auth/oidc/pending-sign-in';
import { signInOptions } from '@feeddesk/server/auth/oidc/sign-in-options';
import { startSignIn } from '@feeddesk/server/auth/oidc/start-sign-in';
import { isAppError } from '@feeddesk/server/errors';
import { isSecureRequest, setSessionCookie } from '@feeddesk/server/http/session-cookie';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { refusals } from '../support/schemas.ts';

const tags = ['auth'];
const Redirect = Type.Null({ description: 'A redirect (Location header).' });

/** Single sign-on by OpenID Connect (docs/single-sign-on.md): the login page's options, start, callback. */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/sign_in_options',
    {
      schema: {
        tags,
        summary: 'What the login page offers: the password form, single sign-on, or both (public).',
        response: {
          200: Type.Object({
            localLogin: Type.Boolean(),
            singleSignOn: Type.Union([Type.Object({ name: Type.String(), url: Type.String() }), Type.Null()]),
          }),
        },
      },
    },
    async () => signInOptions(app.deps.config),
  );

  app.get<{ Querystring: { return_to?: string } }>(
    '/oidc/login',
    {
      schema: {
        tags,
        summary: 'Single sign-on: redirects to the provider (authorization code with PKCE).',
        querystring: Type.Object({
          return_to: Type.Optional(
            Type.String({ maxLength: 500, description: 'A path of the desk to land on.' }),
          ),
        }),
        response: { 302: Redirect, ...refusals(404, 503) },
      },
    },
    async (request, reply) => {
      const started = await startSignIn(app.deps, {
        redirectUri: redirectUri(request),
        returnTo: request.query.return_to,
      });
      reply.setCookie(PENDING_SIGN_IN_COOKIE, started.cookie, {
        path: '/auth/oidc',
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET, which carries it.
        sameSite: 'lax',
        secure: isSecureRequest(request),
        maxAge: started.cookieMaxAgeSeconds,
      });
      return reply.redirect(started.authorizationUrl, 302);
    },
  );

  app.get(
    '/oidc/callback',
    {
      schema: {
        tags,
        summary:
          'Single sign-on callback: starts a session and redirects to the desk; a refusal redirects to the login page with ?sign_in_error=<reason>.',
        response: { 302: Redirect },
      },
    },
    async (request, reply) => {
      const secure = isSecureRequest(request);
      reply.clearCookie(PENDING_SIGN_IN_COOKIE, {
        path: '/auth/oidc',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      const callbackUrl = new URL(redirectUri(request));
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      try {
        const done = await finishSignIn(app.deps, {
          callbackUrl,
          cookie: request.cookies[PENDING_SIGN_IN_COOKIE],
          ip: request.ip,
          previousSessionId: request.sessionId,
        });
        setSessionCookie(reply, { ...done, secure });
        setDeskCookies(reply, done.username, done.roles);
        return reply.redirect(done.returnTo, 302);
      } catch (error) {
        const reason = refusalReason(error);
        if (!reason) throw error;
        request.log.info({ err: error, reason }, 'single sign-on refused');
        return reply.redirect(`/?sign_in_error=${reason}`, 302);
      }
    },
  );
};

/** The callback registered with the provider: OIDC_REDIRECT_URL, or this request's own origin. */
function redirectUri(request: FastifyRequest): string {
  return (
    request.server.deps.config.OIDC_REDIRECT_URL ?? `${request.protocol}://${request.host}/auth/oidc/callback`
  );
}

/** The web app's `username` and `roles` cookies (docs/spec.md §6), as its own login sets them. */
function setDeskCookies(reply: FastifyReply, username: string, roles: readonly string[]): void {
  for (const [name, value] of [
    ['username', username],
    ['roles', roles.join(',')],
  ] as const) {
    reply.setCookie(name, value, { path: '/', sameSite: 'lax', httpOnly: false });
  }
}

function refusalReason(error: unknown): string | null {
  if (error instanceof SignInRefused) return error.reason;
  if (!isAppError(error)) return null;
  if (error.code === 'too_many_attempts') return 'too_many_attempts';
  if (error.code === 'sign_in_provider_unreachable') return 'unreachable';
  if (error.code === 'database_unreachable' || error.code === 'disk_full') return 'unavailable';
  return null;
}
