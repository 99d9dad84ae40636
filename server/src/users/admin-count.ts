import type { Db } from '@feeddesk/drizzle';
import { userRoles } from '@feeddesk/drizzle';
import { and, count, eq, ne } from 'drizzle-orm';

/** How many users other than `userId` hold the admin role. */
export async function countOtherAdmins(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId)));
  return row?.n ?? 0;
}
