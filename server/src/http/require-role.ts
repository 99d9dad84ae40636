import type { FastifyRequest } from 'fastify';
import { hasRole, type Role } from '../auth/roles.ts';
import { AppError } from '../errors.ts';

/** Throws 401 without a session and 403 without the role; returns the user otherwise. */
export function assertRole(user: FastifyRequest['user'], role: Role | null) {
  if (!user) throw new AppError('not_logged_in', { message: 'Please log in first.' });
  if (role && !hasRole(user.roles, role)) {
    throw new AppError('forbidden', {
      message: `This needs the '${role}' role. Ask an administrator for it.`,
    });
  }
  return user;
}

/** Route onRequest hook (before any body is read): `onRequest: requireRole('edit')`; `requireRole(null)` = any logged-in user. */
export function requireRole(role: Role | null) {
  return async (request: FastifyRequest) => {
    assertRole(request.user, role);
  };
}
