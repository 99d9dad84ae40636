import { userRoles } from '@feeddesk/drizzle';
import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';

/** How many users other than `userId` hold the admin role. */
export async function countOtherAdmins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId)));
  return row?.n ?? 0;
}
