import { trpc } from '../../../lib/trpc.ts';

export function useApiTokens() {
  return trpc.tokens.list.useQuery();
}
