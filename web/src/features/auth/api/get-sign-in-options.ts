import { trpc } from '../../../lib/trpc.ts';

/** The login page's options: the password form, single sign-on, or both (docs/single-sign-on.md). */
export function useSignInOptions() {
  return trpc.auth.signInOptions.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
}
