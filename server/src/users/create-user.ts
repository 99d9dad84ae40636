import { userRoles, users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkPassword, checkRoles, checkUsername } from './user-input.ts';

export type CreateUserOptions = {
  username: string;
  password?: string;
  roles: readonly string[];
  /** Who creates the user (the audit trail); none for the first admin made at start-up. */
  by?: string | null;
};

export async function createUser(deps: Deps, options: CreateUserOptions): Promise<{ id: number }> {
  const username = checkUsername(options.username);
  const password = checkPassword(options.password);
  const roles = checkRoles(options.roles);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (taken) throw usernameTaken(username);
    const [row] = await tx.insert(users).values({ username, passwordHash }).onConflictDoNothing().returning();
    if (!row) throw usernameTaken(username);
    if (roles.length > 0) await tx.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })));
    await recordAudit(tx, {
      at: deps.now(),
      by: options.by ?? null,
      kind: 'user',
      action: 'create',
      entityId: username,
      summary: `Created user ${username} with roles ${roles.join(', ') || 'none'}.`,
      details: { roles },
    });
    return { id: row.id };
  });
}

export function usernameTaken(username: string): AppError {
  return new AppError('username_taken', {
    message: `The username '${username}' is already taken. Choose another one.`,
  });
}
