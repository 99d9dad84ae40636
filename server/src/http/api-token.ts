import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { authenticateApiToken, type TokenCaller } from '../tokens/authenticate-api-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token of an `Authorization: Bearer` request (docs/rest-api.md "API tokens for systems"). */
    apiToken: TokenCaller | null;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * `Authorization: Bearer <token>` acts with the token's roles on the REST paths: request.user
 * becomes the token (id 0, no user has it; username "token:<name>", which the history records),
 * the CSRF check is skipped (csrf.ts: a browser cannot send this header to another site without a
 * CORS preflight, which the product never grants for writes), and each token is rate limited. An
 * unknown or revoked token is refused 401 on every path, the public feeds too, so that a system
 * whose token was revoked notices at once. tRPC refuses tokens (trpc/http-guard.ts).
 */
export const apiTokenPlugin = fp(
  async (app) => {
    const max = app.deps.config.TOKEN_RATE_LIMIT_PER_MINUTE;
    // Per process (its memory store): N processes behind a load balancer allow up to N × max.
    await app.register(rateLimit, { global: false });
    const limit = app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (request) => `token:${request.apiToken?.tokenId}`,
      errorResponseBuilder: (_request, context) =>
        new AppError('too_many_requests', {
          message: `This API token made more than ${max} requests in a minute; try again in ${context.after}.`,
        }),
    });
    app.decorateRequest('apiToken', null);
    // Callback style: the feed's pollers send no Authorization header and get no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const header = request.headers.authorization;
      // /metrics checks its own bearer, METRICS_TOKEN (a Prometheus scraper holds no API token).
      if (!header || request.routeOptions.url === '/metrics') return done();
      const token = BEARER.exec(header)?.[1];
      if (!token) return done(); // another scheme (e.g. a proxy's Basic): not ours to judge
      authenticateApiToken(app.deps, token)
        .then(async (caller) => {
          if (!caller) {
            throw new AppError('token_invalid', {
              message: 'This API token is unknown or was revoked. Ask an administrator for a new one.',
            });
          }
          request.apiToken = caller;
          request.user = { id: 0, username: caller.actor, roles: caller.roles };
          request.sessionId = null;
          await limit.call(app, request, reply);
        })
        .then(() => done(), done);
    });
  },
  { name: 'api-token', dependencies: ['app-deps', 'session'] },
);
