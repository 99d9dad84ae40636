import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** Marks the product's tokens, so secret scanners and people can tell what a leaked string is. */
export const TOKEN_PREFIX = 'fdk_';

/** 32 random bytes (256 bits), base64url: shown to the administrator once, never stored. */
export function generateApiToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return TOKEN_PREFIX + encodeBase64urlNoPadding(bytes);
}

/**
 * The stored form: SHA-256, hex. A fast hash is enough here, unlike for passwords: a token is 256
 * random bits, so nobody can try candidates against a leaked hash, and a slow hash (argon2, tens
 * of milliseconds) would be paid on every request a system makes.
 */
export function hashApiToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
