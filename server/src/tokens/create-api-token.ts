import { apiTokens } from '@feeddesk/drizzle';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkRoles } from '../users/user-input.ts';
import { checkTokenName } from './token-input.ts';
import { generateApiToken, hashApiToken } from './token-secret.ts';

export type CreateApiTokenOptions = { name: string; roles: readonly string[]; by: string };

/** Creates a token; the answer holds the token itself, which is never available again. */
export async function createApiToken(
  deps: Deps,
  options: CreateApiTokenOptions,
): Promise<{ id: number; token: string }> {
  const name = checkTokenName(options.name);
  const roles = checkRoles(options.roles);
  const token = generateApiToken();
  const [row] = await deps.db
    .insert(apiTokens)
    .values({ name, roles, tokenHash: hashApiToken(token), createdAt: deps.now(), createdBy: options.by })
    .onConflictDoNothing({ target: apiTokens.name })
    .returning({ id: apiTokens.id });
  if (!row) {
    throw new AppError('token_name_taken', {
      message: `A token named '${name}' exists already. Choose another name, or revoke that token first.`,
    });
  }
  return { id: row.id, token };
}
