import { trpc } from '../../../lib/trpc.ts';

export function useUsers() {
  return trpc.users.list.useQuery();
}
