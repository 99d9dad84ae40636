import { randomBytes } from 'node:crypto';
import { settings } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

/**
 * A random secret of the installation, made once and kept in the database so that every process
 * signs and checks with the same one (CSRF tokens, the single sign-on cookie).
 */
export async function loadInstallationSecret(deps: Deps, key: string): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  await deps.db.insert(settings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await deps.db.select().from(settings).where(eq(settings.key, key));
  return Buffer.from(row!.value, 'base64url');
}
