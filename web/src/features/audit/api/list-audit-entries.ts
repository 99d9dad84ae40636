import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterInputs } from '@trpc/server';
import { trpc } from '../../../lib/trpc.ts';

type Input = inferRouterInputs<AppRouter>['audit']['list'];
export type AuditKind = NonNullable<Input['kind']>;
export type AuditFilter = { by?: string; kind?: AuditKind; entity?: string; from?: string; to?: string };

/** One page of the audit trail; the previous page stays shown while the next loads. */
export function useAuditEntries(filter: AuditFilter, page: { limit: number; offset: number }) {
  return trpc.audit.list.useQuery({ ...filter, ...page }, { placeholderData: (previous) => previous });
}
