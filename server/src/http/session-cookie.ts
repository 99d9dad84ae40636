import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'session';

/** HttpOnly, SameSite=Lax, Secure over https; persistent only with remember_me (docs/rest-api.md). */
export function setSessionCookie(
  reply: FastifyReply,
  options: { token: string; persistent: boolean; expiresAt: Date; secure: boolean },
): void {
  reply.setCookie(SESSION_COOKIE, options.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    ...(options.persistent ? { expires: options.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Over https, or always with COOKIE_SECURE (a TLS proxy whose X-Forwarded-Proto is not trusted). */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.deps.config.COOKIE_SECURE;
}

/** Reads one cookie from a raw Cookie header (websocket upgrades, where no Fastify request exists). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
