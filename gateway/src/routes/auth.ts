import { login } from '@feeddesk/server/auth/login';
import { logout } from '@feeddesk/server/auth/logout';
import { AppError } from '@feeddesk/server/errors';
import { requireRole } from '@feeddesk/server/http/require-role';
import { clearSessionCookie, isSecureRequest, setSessionCookie } from '@feeddesk/server/http/session-cookie';
import { createUser } from '@feeddesk/server/users/create-user';
import { deleteUser } from '@feeddesk/server/users/delete-user';
import { listUsers } from '@feeddesk/server/users/list-users';
import { updateUser } from '@feeddesk/server/users/update-user';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { boolField, field, listField, readForm } from '../support/read-form.ts';
import { contentOf, formBody, Message, ROLE_REFUSALS, refusals, Text } from '../support/schemas.ts';

const admin = { onRequest: requireRole('admin') };
const tags = ['auth'];
const Roles = Type.Array(Type.String(), { description: 'Roles: view, edit, gtfs, excel, admin.' });
const RolesField = Type.Optional(
  Type.Union([Type.String(), Type.Array(Type.String())], {
    description: 'Repeated `roles` or `roles[]`, or one comma-separated value.',
  }),
);
const User = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer({ description: 'Same as id, for older clients.' }),
  username: Type.String(),
  roles: Roles,
});

/** /auth of docs/rest-api.md: CSRF token, login, logout, users. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/csrf',
    {
      schema: {
        tags,
        summary: 'The CSRF token of this browser, for the X-CSRF-Token header of every write.',
        response: {
          200: contentOf('The token; sets the browser_id cookie it is bound to.', { 'text/plain': Text }),
        },
      },
    },
    async (request, reply) => reply.type('text/plain; charset=utf-8').send(request.csrfToken()),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in: sets the session cookie.',
        documentedBody: formBody(
          Type.Object({
            username: Type.String(),
            password: Type.String(),
            remember_me: Type.Optional(
              Type.String({
                description: 'Default true: a persistent cookie; false: a browser-session one.',
              }),
            ),
          }),
        ),
        response: {
          200: { ...Roles, description: "The user's roles." },
          ...refusals(401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const form = await readForm(request);
      const result = await login(app.deps, {
        username: field(form, 'username') ?? '',
        password: field(form, 'password') ?? '',
        rememberMe: boolField(form, 'remember_me', true),
        ip: request.ip,
        previousSessionId: request.sessionId,
      });
      setSessionCookie(reply, { ...result, secure: isSecureRequest(request) });
      return result.roles;
    },
  );

  app.get<{ Querystring: { everywhere?: string } }>(
    '/logout',
    {
      onRequest: requireRole(null),
      schema: {
        tags,
        summary:
          'Log out: ends this session and clears its cookie. Ending every session of the user is a POST (below).',
        querystring: Type.Object({
          everywhere: Type.Optional(
            Type.String({ description: 'Refused (405): logging out everywhere is POST /auth/logout.' }),
          ),
        }),
        response: { 200: Message, ...refusals(401, 405) },
      },
    },
    async (request, reply) => {
      // A link or an image on any page can make a browser send a GET: it may end this one session
      // (the contract's GET /auth/logout), never every session of the user (docs/rest-api.md "/auth").
      if (request.query.everywhere !== undefined) {
        reply.header('allow', 'POST');
        throw new AppError('method_not_allowed', {
          message:
            'Logging out everywhere is a POST: send POST /auth/logout with everywhere=true (and the X-CSRF-Token header).',
        });
      }
      await logout(app.deps, {
        sessionId: request.sessionId ?? null,
        userId: request.user!.id,
        everywhere: false,
      });
      clearSessionCookie(reply, isSecureRequest(request));
      return { message: 'Logged out.' };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: requireRole(null),
      schema: {
        tags,
        summary:
          'Log out: ends the session and clears its cookie; everywhere=true ends every session of the user.',
        documentedBody: formBody(
          Type.Object({
            everywhere: Type.Optional(
              Type.String({ description: 'true or 1: every session of the user (every browser, device).' }),
            ),
          }),
        ),
        response: { 200: Message, ...refusals(401, 403) },
      },
    },
    async (request, reply) => {
      const everywhere = boolField(await readForm(request), 'everywhere', false);
      await logout(app.deps, { sessionId: request.sessionId ?? null, userId: request.user!.id, everywhere });
      clearSessionCookie(reply, isSecureRequest(request));
      return { message: everywhere ? 'Logged out everywhere.' : 'Logged out.' };
    },
  );

  app.get(
    '/list_users',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Every user (admin).',
        response: { 200: Type.Array(User), ...refusals(...ROLE_REFUSALS) },
      },
    },
    async () => {
      const users = await listUsers(app.deps);
      return users.map((u) => ({ ...u, user_id: u.id }));
    },
  );

  app.post(
    '/add_user',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a user (admin).',
        documentedBody: formBody(
          Type.Object({
            username: Type.String(),
            password: Type.String({ minLength: 10 }),
            roles: RolesField,
          }),
        ),
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 409) },
      },
    },
    async (request) => {
      const form = await readForm(request);
      await createUser(app.deps, {
        username: field(form, 'username') ?? '',
        password: field(form, 'password'),
        roles: listField(form, 'roles'),
        by: request.user!.username,
      });
      return { message: 'Successfully added this user.' };
    },
  );

  app.put(
    '/modify_user',
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Change a user (admin): username, password (absent or empty = unchanged), roles (the whole list).',
        documentedBody: formBody(
          Type.Object({
            user_id: Type.String({ description: 'The user’s id (`id` is accepted too).' }),
            username: Type.String(),
            password: Type.Optional(Type.String()),
            roles: RolesField,
          }),
        ),
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 404, 409) },
      },
    },
    async (request) => {
      const form = await readForm(request);
      const userId = Number(field(form, 'user_id') ?? field(form, 'id'));
      if (!Number.isInteger(userId)) {
        throw new AppError('validation_failed', { message: 'Give the user_id of the user to modify.' });
      }
      await updateUser(app.deps, {
        userId,
        username: field(form, 'username') ?? '',
        password: field(form, 'password') || undefined,
        roles: listField(form, 'roles'),
        by: request.user!.username,
      });
      return { message: 'Successfully modified this user.' };
    },
  );

  app.delete<{ Params: { username: string } }>(
    '/delete_user/:username',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a user (admin); their sessions end.',
        params: Type.Object({ username: Type.String({ maxLength: 200 }) }),
        response: { 200: Message, ...refusals(...ROLE_REFUSALS, 404, 409) },
      },
    },
    async (request) => {
      const { username } = request.params;
      await deleteUser(app.deps, { username, actingUserId: request.user!.id, by: request.user!.username });
      return { message: `Successfully deleted user ${username}` };
    },
  );
};
