let token: Promise<string> | undefined;

/** The CSRF token, fetched once at start (docs/spec.md §7) and sent as X-CSRF-Token on every call. */
export function csrfToken(): Promise<string> {
  token ??= fetch('/auth/csrf', { credentials: 'same-origin' }).then((r) => r.text());
  return token;
}
