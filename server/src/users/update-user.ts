import { userRoles, users } from '@feeddesk/drizzle';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import { announceSessionEnd } from '../auth/session-ended.ts';
import { invalidateUserSessions } from '../auth/sessions.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { countOtherAdmins } from './admin-count.ts';
import { usernameTaken } from './create-user.ts';
import { checkPassword, checkRoles, checkUsername } from './user-input.ts';

/** An empty or absent password means "unchanged" (docs/spec.md §5). */
export type UpdateUserOptions = {
  userId: number;
  username: string;
  password?: string;
  roles: readonly string[];
  /** Who makes the change (the audit trail). */
  by: string | null;
};

export async function updateUser(deps: Deps, options: UpdateUserOptions): Promise<void> {
  const username = checkUsername(options.username);
  const password = options.password ? checkPassword(options.password) : undefined;
  const roles = checkRoles(options.roles);
  const passwordHash = password ? await hashPassword(password) : undefined;
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.userId));
    if (!user)
      throw new AppError('user_not_found', { message: `There is no user with id ${options.userId}.` });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.username, username), ne(users.id, user.id)));
    if (taken) throw usernameTaken(username);
    if (!roles.includes('admin') && (await countOtherAdmins(tx, user.id)) === 0) {
      throw new AppError('last_admin', {
        message: `${user.username} is the last administrator. Give another user the admin role first.`,
      });
    }
    await tx
      .update(users)
      .set({ username, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, user.id));
    const before = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, user.id));
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    if (roles.length > 0) await tx.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
    // A new password ends every session of that user at once (docs/rest-api.md).
    for (const record of userChanges(
      user.username,
      username,
      before.map((r) => r.role),
      roles,
      !!passwordHash,
    ))
      await recordAudit(tx, { at: deps.now(), by: options.by, kind: 'user', entityId: username, ...record });
    if (passwordHash) await invalidateUserSessions({ ...deps, db: tx }, { userId: user.id });
    // Their open websockets close too (sessions kept): they reconnect with the roles given now.
    else await announceSessionEnd({ ...deps, db: tx }, { userId: user.id });
  });
}

/** One audit record per kind of change: a rename, new roles, a password reset. */
function userChanges(
  oldName: string,
  newName: string,
  rolesBefore: string[],
  rolesAfter: string[],
  passwordReset: boolean,
): { action: string; summary: string; details?: Record<string, unknown> }[] {
  const changes: { action: string; summary: string; details?: Record<string, unknown> }[] = [];
  if (oldName !== newName)
    changes.push({
      action: 'rename',
      summary: `Renamed user ${oldName} to ${newName}.`,
      details: { before: oldName, after: newName },
    });
  const before = [...rolesBefore].sort();
  const after = [...rolesAfter].sort();
  if (before.join() !== after.join())
    changes.push({
      action: 'update_roles',
      summary: `Roles of ${newName}: ${before.join(', ') || 'none'} → ${after.join(', ') || 'none'}.`,
      details: { before, after },
    });
  if (passwordReset) changes.push({ action: 'reset_password', summary: `Reset the password of ${newName}.` });
  return changes;
}
