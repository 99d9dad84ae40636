import { users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import { announceSessionEnd } from '../auth/session-ended.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { countOtherAdmins } from './admin-count.ts';

/** Deleting a user ends their sessions (cascade) and closes their websockets. Nobody deletes themself or the last admin. */
export async function deleteUser(
  deps: Deps,
  options: { username: string; actingUserId: number; by: string | null },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.username, options.username));
    if (!user)
      throw new AppError('user_not_found', { message: `There is no user named '${options.username}'.` });
    if (user.id === options.actingUserId) {
      throw new AppError('cannot_delete_self', {
        message: 'You cannot delete your own account. Ask another administrator to do it.',
      });
    }
    if ((await countOtherAdmins(tx, user.id)) === 0) {
      throw new AppError('last_admin', {
        message: `${user.username} is the last administrator. Give another user the admin role first.`,
      });
    }
    await tx.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, {
      at: deps.now(),
      by: options.by,
      kind: 'user',
      action: 'delete',
      entityId: user.username,
      summary: `Deleted user ${user.username}.`,
    });
    await announceSessionEnd({ ...deps, db: tx }, { userId: user.id });
  });
}
