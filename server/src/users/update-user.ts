import { userRoles, users } from '@feeddesk/drizzle';
import { and, eq, ne } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { announceSessionEnd } from '../auth/session-ended.ts';
import { invalidateUserSessions } from '../auth/sessions.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { countOtherAdmins } from './admin-count.ts';
import { usernameTaken } from './create-user.ts';
import { checkPassword, checkRoles, checkUsername } from './user-input.ts';

/** An empty or absent password means "unchanged" (spec §5). */
export type UpdateUserOptions = {
  userId: number;
  username: string;
  password?: string;
  roles: readonly string[];
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
    await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
    if (roles.length > 0) await tx.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
    // A new password ends every session of that user at once (contract.md).
    if (passwordHash) await invalidateUserSessions({ ...deps, db: tx }, { userId: user.id });
    // Their open websockets close too (sessions kept): they reconnect with the roles given now.
    else await announceSessionEnd({ ...deps, db: tx }, { userId: user.id });
  });
}
