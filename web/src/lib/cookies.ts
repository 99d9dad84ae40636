/** Client-side cookies `username` and `roles` (docs/spec.md §6: kept on the client, roles comma separated). */
export function setSessionCookies(username: string, roles: readonly string[], remember: boolean) {
  const maxAge = remember ? `; max-age=${30 * 24 * 3600}` : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the issue asks for document.cookie (no Cookie Store in all browsers)
  document.cookie = `username=${encodeURIComponent(username)}; path=/; SameSite=Lax${maxAge}`;
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `roles=${encodeURIComponent(roles.join(','))}; path=/; SameSite=Lax${maxAge}`;
}

export function clearSessionCookies() {
  for (const name of ['username', 'roles']) {
    // biome-ignore lint/suspicious/noDocumentCookie: as above
    document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
  }
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
