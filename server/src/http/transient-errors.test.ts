import { describe, expect, it } from 'vitest';
import { isTransientError } from './transient-errors.ts';

const errno = (code: string, syscall?: string) => Object.assign(new Error(code), { code, syscall });

describe('isTransientError', () => {
  it('passes system errors that come and go, and a database out of reach, wrapped or not', () => {
    expect(isTransientError(errno('EMFILE', 'uv_resident_set_memory'))).toBe(true);
    expect(isTransientError(errno('ECONNRESET', 'read'))).toBe(true);
    expect(isTransientError(new Error('query failed', { cause: errno('CONNECTION_CLOSED') }))).toBe(true);
    expect(isTransientError(new Error('query failed', { cause: errno('ECONNREFUSED', 'connect') }))).toBe(
      true,
    );
  });

  it('ends the process on anything else, a program error above all', () => {
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isTransientError(errno('ENOENT', 'open'))).toBe(false);
    expect(isTransientError(undefined)).toBe(false);
  });
});
