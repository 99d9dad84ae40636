import { apiTokens } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import { normaliseRoles } from '../auth/roles.ts';
import type { Deps } from '../deps.ts';

export type ApiTokenSummary = {
  id: number;
  name: string;
  roles: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** The live tokens by name, without their secrets (only hashes are stored anyway). */
export async function listApiTokens(deps: Deps): Promise<ApiTokenSummary[]> {
  const rows = await deps.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      roles: apiTokens.roles,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .orderBy(asc(apiTokens.name));
  return rows.map((r) => ({ ...r, roles: normaliseRoles(r.roles) }));
}
