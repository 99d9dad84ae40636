import { ROLES } from '@feeddesk/server/auth/roles';
import { requireRole } from '@feeddesk/server/http/require-role';
import { createApiToken } from '@feeddesk/server/tokens/create-api-token';
import { listApiTokens } from '@feeddesk/server/tokens/list-api-tokens';
import { revokeApiToken } from '@feeddesk/server/tokens/revoke-api-token';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Message, ROLE_REFUSALS, refusals } from '../support/schemas.ts';

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

const tags = ['auth'];

/** /auth/tokens of docs/rest-api.md "API tokens for systems" (admin). */
export const tokenRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole('admin'));

  app.post<{ Body: Static<typeof Body> }>(
    '/',
    {
      schema: {
        tags,
        summary: 'Create an API token for a system (admin): shown this once, stored hashed.',
        body: Body,
        response: { 200: Created, ...refusals(400, ...ROLE_REFUSALS, 409) },
      },
    },
    (request) => createApiToken(app.deps, { ...request.body, by: request.user!.username }),
  );

  const listSchema = {
    tags,
    summary: 'The live API tokens (admin), without their secrets.',
    response: { 200: Listed, ...refusals(...ROLE_REFUSALS) },
  };
  app.get('/', { schema: listSchema }, async () =>
    (await listApiTokens(app.deps)).map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    })),
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API token (admin): refused from the next request on.',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }) }),
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 404) },
      },
    },
    async (request) => {
      const { name } = await revokeApiToken(app.deps, { id: request.params.id });
      return { message: `Revoked the token '${name}'.` };
    },
  );
};
