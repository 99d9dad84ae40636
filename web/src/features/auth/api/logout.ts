import { clearSessionCookies } from '../../../lib/cookies.ts';
import { formatError } from '../../../lib/errors.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Ends the session, clears the cookies and goes to / ; a failure is a browser alert (docs/spec.md §8). */
export function useLogout() {
  return trpc.auth.logout.useMutation({
    onSuccess: () => {
      clearSessionCookies();
      window.location.assign('/');
    },
    onError: (error) => {
      console.error(error);
      window.alert(formatError(error));
    },
  });
}
