import type { Logger } from 'pino';
import { errorAndCauses } from '../errors.ts';
import { isDatabaseUnreachable } from '../health/database-unreachable.ts';

/**
 * Errors of the operating system that pass: descriptors or memory short for a moment, a peer that
 * went away. They fail the one operation that met them, never the process that serves the feeds.
 */
const TRANSIENT = new Set([
  'EMFILE',
  'ENFILE',
  'ENOMEM',
  'ENOBUFS',
  'EAGAIN',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * A disk that is full (docs/operations.md "Faults the product survives") does not pass by itself,
 * but it is no reason to end the process either: the product serves the feeds from memory and is
 * back once space is freed, where a restart would only lose that.
 */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** A passing system error, or a database that cannot be reached now (its supervisor or server brings it back). */
export function isTransientError(error: unknown): boolean {
  if (isDatabaseUnreachable(error)) return true;
  for (const e of errorAndCauses(error)) if (typeof e.code === 'string' && DISK_FULL.has(e.code)) return true;
  for (const e of errorAndCauses(error)) if (typeof e.code === 'string' && TRANSIENT.has(e.code)) return true;
  return false;
}

/**
 * An uncaught transient error is logged (at most once per code every 10 s, so a flood of them
 * cannot fill the disk) and the process goes on; any other uncaught error still ends it, as Node
 * would, so that a process manager starts a clean one.
 */
export function surviveTransientErrors(log: Logger): void {
  const lastLogged = new Map<string, number>();
  const onError = (error: unknown, origin: string) => {
    if (!isTransientError(error)) {
      log.fatal({ err: error, origin }, 'uncaught error: the process ends');
      process.exit(1);
    }
    const code = String([...errorAndCauses(error)].find((e) => typeof e.code === 'string')?.code);
    const now = Date.now();
    if (now - (lastLogged.get(code) ?? 0) >= 10_000) {
      lastLogged.set(code, now);
      log.warn({ code, message: (error as Error).message, origin }, 'transient system error: serving on');
    }
  };
  process.on('uncaughtException', (error, origin) => onError(error, origin));
  process.on('unhandledRejection', (reason) => onError(reason, 'unhandledRejection'));
}
