import { randomBytes } from 'node:crypto';
import { userRoles, users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { FIRST_ADMIN_ROLES } from '../auth/roles.ts';
import type { Deps } from '../deps.ts';
import { countOtherAdmins } from './admin-count.ts';
import { createUser } from './create-user.ts';
import { checkPassword } from './user-input.ts';

/**
 * The first administrator: from ADMIN_USERNAME/ADMIN_PASSWORD when set (created, or its password
 * and roles reset, at every start); otherwise, only when no admin exists, a random password that
 * is printed once. Never a fixed default.
 */
export async function ensureFirstAdmin(
  deps: Deps,
  options: { username?: string; password?: string; print: (line: string) => void },
): Promise<void> {
  if (options.username && options.password) {
    const password = checkPassword(options.password);
    const [existing] = await deps.db.select().from(users).where(eq(users.username, options.username));
    if (!existing) {
      await createUser(deps, { username: options.username, password, roles: FIRST_ADMIN_ROLES });
      return;
    }
    const passwordHash = await hashPassword(password);
    await deps.db.update(users).set({ passwordHash }).where(eq(users.id, existing.id));
    await deps.db
      .insert(userRoles)
      .values(FIRST_ADMIN_ROLES.map((role) => ({ userId: existing.id, role })))
      .onConflictDoNothing();
    return;
  }
  if ((await countOtherAdmins(deps.db, -1)) > 0) return;
  const username = options.username ?? 'admin';
  const password = randomBytes(12).toString('base64url');
  const [existing] = await deps.db.select().from(users).where(eq(users.username, username));
  if (existing) {
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, existing.id));
    await deps.db
      .insert(userRoles)
      .values(FIRST_ADMIN_ROLES.map((role) => ({ userId: existing.id, role })))
      .onConflictDoNothing();
  } else {
    await createUser(deps, { username, password, roles: FIRST_ADMIN_ROLES });
  }
  options.print(`First administrator created: username '${username}', password '${password}' (shown once).`);
}
