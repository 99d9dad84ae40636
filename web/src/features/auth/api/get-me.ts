import { trpc } from '../../../lib/trpc.ts';

/** The logged-in user or null; read once per page (login and logout reload the page). */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
}
