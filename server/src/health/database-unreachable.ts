import { AppError, errorAndCauses } from '../errors.ts';

/** Socket errors of a connection to the database that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT', // a Unix socket that is gone
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** postgres.js's own errors for a connection that closed, ended or timed out. */
const DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
/**
 * PostgreSQL's: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up, recovering); class 08 is "connection exception".
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);

/**
 * The error says the database cannot be reached (not that the request or the query was wrong):
 * the error, or an error it wraps (drizzle wraps the driver's as its cause).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const e of errorAndCauses(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    // ENOENT and the like only from a connection, never from a file.
    if (SOCKET_CODES.has(code) && ['connect', 'read', 'write', 'getaddrinfo'].includes(String(e.syscall)))
      return true;
    if (DRIVER_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
  }
  return false;
}

/**
 * A request that failed because the database cannot be reached, as a 503 with a sentence
 * (docs/contract-notes.md "A service nobody can stop"): a write says nothing was saved, since its transaction never
 * committed. Undefined for any other error.
 */
export function databaseUnreachableError(error: unknown, method: string): AppError | undefined {
  if (!isDatabaseUnreachable(error)) return undefined;
  const read = method === 'GET' || method === 'HEAD';
  return new AppError('database_unreachable', {
    message: read
      ? 'The database cannot be reached. Try again in a moment.'
      : 'The database cannot be reached; nothing was saved. Try again in a moment.',
    cause: error,
  });
}
