import type { AppDeps } from '../deps.ts';

export function loginRateLimit(deps: AppDeps) {
  return { maxFailures: deps.config.LOGIN_MAX_FAILURES, windowSeconds: deps.config.LOGIN_WINDOW_SECONDS };
}
