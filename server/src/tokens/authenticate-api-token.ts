import { apiTokens } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { tokenActorName } from './token-input.ts';
import { hashApiToken } from './token-secret.ts';

/** Last use is recorded at most this often per token (on any process), not on every request. */
export const LAST_USED_EVERY_MS = 60_000;

export type TokenCaller = { tokenId: number; name: string; actor: string; roles: string[] };

/**
 * The caller a bearer token stands for, or null when no live token has it (unknown or revoked).
 * One primary-key read per request, like a session, so a revocation counts on the next request.
 */
export async function authenticateApiToken(deps: Deps, token: string): Promise<TokenCaller | null> {
  const [row] = await deps.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      roles: apiTokens.roles,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashApiToken(token)));
  if (!row) return null;
  const now = deps.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    await deps.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return { tokenId: row.id, name: row.name, actor: tokenActorName(row.name), roles: row.roles };
}
