/** The longest address SMTP carries (RFC 5321: a path of 256 octets, less its angle brackets). */
export const EMAIL_MAX_CHARS = 254;

/** Characters an address's local part may not hold unquoted (RFC 5322 "specials" and space). */
const NOT_IN_LOCAL = new Set(' "(),:;<>[\\]'.split(''));

/**
 * Why an e-mail address is refused, in a sentence, or null when it is accepted: one `@`, a local
 * part of 1 to 64 printable characters without specials, a domain of at least two dot-separated
 * labels of letters, digits and hyphens. One pass over the characters, no regular expression, so
 * its time is linear in the length whatever is sent (docs/rest-api.md "E-mail subscriptions").
 */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return 'Enter an e-mail address.';
  if (email.length > EMAIL_MAX_CHARS)
    return `An e-mail address has at most ${EMAIL_MAX_CHARS} characters (${email.length} given).`;
  const at = email.indexOf('@');
  if (at === -1 || at !== email.lastIndexOf('@'))
    return 'An e-mail address has exactly one @, such as rider@example.org.';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length === 0 || local.length > 64)
    return 'The part before the @ must have 1 to 64 characters, such as rider@example.org.';
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || NOT_IN_LOCAL.has(local[i]!))
      return 'The part before the @ may not hold spaces, quotes, brackets, commas, colons or semicolons.';
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return 'The part before the @ may not start or end with a dot, nor hold two dots in a row.';
  const labels = domain.split('.');
  if (labels.length < 2) return 'The part after the @ must be a domain such as example.org.';
  for (const label of labels) {
    if (label.length === 0 || label.length > 63)
      return 'The part after the @ must be a domain such as example.org (no empty part between dots).';
    for (let i = 0; i < label.length; i++) {
      const c = label.charCodeAt(i);
      const letterOrDigit = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
      if (!letterOrDigit && c !== 0x2d)
        return 'The domain after the @ may hold only letters, digits, hyphens and dots, such as example.org.';
    }
    if (label.startsWith('-') || label.endsWith('-'))
      return 'A part of the domain after the @ may not start or end with a hyphen.';
  }
  return null;
}

/** The key the limits per address count on: the address in lower case. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
