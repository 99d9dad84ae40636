import { userRoles, users } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import { normaliseRoles } from '../auth/roles.ts';
import type { Deps } from '../deps.ts';

export type UserSummary = { id: number; username: string; roles: string[] };

export async function listUsers(deps: Deps): Promise<UserSummary[]> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .orderBy(asc(users.username));
  const roleRows = await deps.db.select().from(userRoles);
  const byUser = new Map<number, string[]>();
  for (const r of roleRows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.role]);
  return rows.map((u) => ({ ...u, roles: normaliseRoles(byUser.get(u.id) ?? []) }));
}
