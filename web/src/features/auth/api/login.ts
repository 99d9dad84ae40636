import { setSessionCookies } from '../../../lib/cookies.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Logs in, stores the username and roles cookies (docs/spec.md §6), then reloads the page (docs/spec.md §2). */
export function useLogin() {
  return trpc.auth.login.useMutation({
    onSuccess: (result, input) => {
      setSessionCookies(result.username, result.roles, input.rememberMe ?? true);
      window.location.reload();
    },
  });
}
