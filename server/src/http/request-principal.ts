import type { FastifyRequest } from 'fastify';
import { principalOf } from '../quotas/quotas.ts';

/**
 * The principal a REST request acts as (docs/glossary.md "principal"): its API token
 * (`token:<id>`; request.user of a token has id 0, shared by every token) or its signed-in user.
 */
export function requestPrincipal(request: FastifyRequest): string | null {
  return principalOf({ user: request.user ?? null, tokenId: request.apiToken?.tokenId ?? null });
}
