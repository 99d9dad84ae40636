import { apiTokens } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

/**
 * Revokes a token at once: every request reads its token's row, so the next one on any process
 * is refused (401). Saves made with it keep their "token:<name>" in the history.
 */
export async function revokeApiToken(deps: Deps, options: { id: number }): Promise<{ name: string }> {
  const [row] = await deps.db
    .delete(apiTokens)
    .where(eq(apiTokens.id, options.id))
    .returning({ name: apiTokens.name });
  if (!row) {
    throw new AppError('token_not_found', {
      message: `There is no API token with id ${options.id}; it may have been revoked already.`,
    });
  }
  return row;
}
