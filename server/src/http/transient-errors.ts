import type { Logger } from 'pino';

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

export function isTransientError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT.has(code);
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
    const code = String((error as { code: string }).code);
    const now = Date.now();
    if (now - (lastLogged.get(code) ?? 0) >= 10_000) {
      lastLogged.set(code, now);
      log.warn({ code, message: (error as Error).message, origin }, 'transient system error: serving on');
    }
  };
  process.on('uncaughtException', (error, origin) => onError(error, origin));
  process.on('unhandledRejection', (reason) => onError(reason, 'unhandledRejection'));
}
