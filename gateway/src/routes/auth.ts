import { login } from '@feeddesk/server/auth/login';
import { invalidateSession } from '@feeddesk/server/auth/sessions';
import { AppError } from '@feeddesk/server/errors';
import { requireRole } from '@feeddesk/server/http/require-role';
import { clearSessionCookie, isSecureRequest, setSessionCookie } from '@feeddesk/server/http/session-cookie';
import { createUser } from '@feeddesk/server/users/create-user';
import { deleteUser } from '@feeddesk/server/users/delete-user';
import { listUsers } from '@feeddesk/server/users/list-users';
import { updateUser } from '@feeddesk/server/users/update-user';
import type { FastifyPluginAsync } from 'fastify';
import { boolField, field, listField, readForm } from '../support/read-form.ts';

const admin = { onRequest: requireRole('admin') };

/** /auth of contract.md: CSRF token, login, logout, users. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.get('/csrf', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').send(request.csrfToken()),
  );

  app.post('/login', async (request, reply) => {
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
  });

  app.get('/logout', { onRequest: requireRole(null) }, async (request, reply) => {
    if (request.sessionId) await invalidateSession(app.deps, request.sessionId);
    clearSessionCookie(reply, isSecureRequest(request));
    return { message: 'Logged out.' };
  });

  app.get('/list_users', admin, async () => {
    const users = await listUsers(app.deps);
    return users.map((u) => ({ ...u, user_id: u.id }));
  });

  app.post('/add_user', admin, async (request) => {
    const form = await readForm(request);
    await createUser(app.deps, {
      username: field(form, 'username') ?? '',
      password: field(form, 'password'),
      roles: listField(form, 'roles'),
      by: request.user!.username,
    });
    return { message: 'Successfully added this user.' };
  });

  app.put('/modify_user', admin, async (request) => {
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
  });

  app.delete<{ Params: { username: string } }>(
    '/delete_user/:username',
    {
      ...admin,
      schema: { params: { type: 'object', properties: { username: { type: 'string', maxLength: 200 } } } },
    },
    async (request) => {
      const { username } = request.params;
      await deleteUser(app.deps, { username, actingUserId: request.user!.id, by: request.user!.username });
      return { message: `Successfully deleted user ${username}` };
    },
  );
};
