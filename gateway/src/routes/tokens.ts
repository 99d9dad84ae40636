import { ROLES } from '@feeddesk/server/auth/roles';
import { requireRole } from '@feeddesk/server/http/require-role';
import { createApiToken } from '@feeddesk/server/tokens/create-api-token';
import { listApiTokens } from '@feeddesk/server/tokens/list-api-tokens';
import { revokeApiToken } from '@feeddesk/server/tokens/revoke-api-token';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

const Body = Type.Object({
  name: Type.String({ maxLength: 200 }),
  roles: Type.Array(Type.String({ maxLength: 20 }), { maxItems: ROLES.length }),
});
const Created = Type.Object({ id: Type.Integer(), token: Type.String() });
const Listed = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    roles: Type.Array(Type.String()),
    createdAt: Type.String(),
    lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  }),
);

/** /auth/tokens of contract.md "API tokens for systems" (admin). */
export const tokenRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole('admin'));

  app.post<{ Body: Static<typeof Body> }>(
    '/',
    { schema: { body: Body, response: { 200: Created } } },
    (request) => createApiToken(app.deps, { ...request.body, by: request.user!.username }),
  );

  app.get('/', { schema: { response: { 200: Listed } } }, async () =>
    (await listApiTokens(app.deps)).map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    })),
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) }) } },
    async (request) => {
      const { name } = await revokeApiToken(app.deps, { id: request.params.id });
      return { message: `Revoked the token '${name}'.` };
    },
  );
};
