/**
 * Why single sign-on refused, as the callback names it (`/?sign_in_error=<reason>`), in words a
 * controller can act on (docs/single-sign-on.md). Only these known reasons are shown: the address
 * bar never puts a stranger's text on the login page.
 */
const SIGN_IN_ERRORS: Record<string, string> = {
  expired: 'The sign-in took too long or was started in another browser window. Click “Sign in” again.',
  denied: 'The sign-in provider did not sign you in. Click “Sign in” to try again.',
  provider:
    "The sign-in provider's answer could not be checked. Try again; if it keeps failing, tell your administrator.",
  no_role:
    'Your directory account gives you no role in the feed desk. Ask your administrator to add you to a feed desk group.',
  username_taken:
    'A local account of the desk has your name. An administrator must rename or delete it before you can sign in this way.',
  too_many_attempts: 'Too many failed sign-ins from this address. Wait a minute and try again.',
  unreachable: 'The sign-in provider cannot be reached. Try again in a minute.',
  unavailable: 'The desk cannot reach its database. Try again in a minute.',
};

/** The sentence for the page's `sign_in_error`, or null. */
export function signInErrorOf(search: string): string | null {
  const reason = new URLSearchParams(search).get('sign_in_error');
  return reason ? (SIGN_IN_ERRORS[reason] ?? SIGN_IN_ERRORS.provider!) : null;
}
