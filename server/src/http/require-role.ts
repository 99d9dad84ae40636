import type { FastifyRequest } from 'fastify';
import { hasRole, type Role } from '../auth/roles.ts';
import { AppError } from '../errors.ts';

/** Throws 401 without a session and 403 without the role (one of the roles); returns the user otherwise. */
export function assertRole(user: FastifyRequest['user'], role: Role | readonly Role[] | null) {
  if (!user) throw new AppError('not_logged_in', { message: 'Please log in first.' });
  const roles: readonly Role[] = role === null ? [] : typeof role === 'string' ? [role] : role;
  if (roles.length > 0 && !roles.some((r) => hasRole(user.roles, r))) {
    throw new AppError('forbidden', {
      message: `This needs the ${roles.map((r) => `'${r}'`).join(' or ')} role. Ask an administrator for it.`,
    });
  }
  return user;
}

/** Route onRequest hook (before any body is read): `onRequest: requireRole('edit')`; `requireRole(null)` = any logged-in user. */
export function requireRole(role: Role | readonly Role[] | null) {
  return async (request: FastifyRequest) => {
    assertRole(request.user, role);
  };
}
