import type { HeldQuota, Metrics, QuotaName, Quotas } from '../deps.ts';
import { AppError, type ErrorCode } from '../errors.ts';

/** The quotas counted in this process's memory (the others are counted in the database or a request). */
const HELD: HeldQuota[] = [
  'subscriptions_per_principal',
  'websockets_per_principal',
  'previews_per_principal',
  'uploads_per_principal',
  'summaries_per_principal',
];

/** Who holds a quota: `user:<id>` for every session of a user, `token:<id>` for an API token. */
export function principalOf(caller: { user: { id: number } | null; tokenId?: number | null }): string | null {
  if (caller.tokenId !== undefined && caller.tokenId !== null) return `token:${caller.tokenId}`;
  return caller.user ? `user:${caller.user.id}` : null;
}

/**
 * The quotas of one process: what each principal holds now of the quotas counted in memory, and
 * every refusal counted in /metrics. With several processes these hold per process (as
 * TOKEN_RATE_LIMIT_PER_MINUTE); the live vehicle positions are counted in the database instead,
 * since they are stored (save-feed-entities.ts).
 */
export class ProcessQuotas implements Quotas {
  private readonly held = new Map<HeldQuota, Map<string, number>>(HELD.map((q) => [q, new Map()]));

  constructor(private readonly metrics: Metrics) {
    metrics.reportQuotaUse(() =>
      HELD.map((quota) => ({
        quota,
        inUse: [...this.held.get(quota)!.values()].reduce((sum, n) => sum + n, 0),
      })),
    );
  }

  /** The refusal of an act over `quota`, counted in /metrics; `message` names the limit and says what to do. */
  refusal(quota: QuotaName, code: ErrorCode, message: string): AppError {
    this.metrics.quotaRefusals.inc({ quota });
    return new AppError(code, { message, details: { quota } });
  }

  /** How much of `quota` the principal holds now. */
  holding(quota: HeldQuota, principal: string): number {
    return this.held.get(quota)!.get(principal) ?? 0;
  }

  /**
   * One unit of `quota` for `principal` while it holds fewer than `max`, else throws `refuse()`
   * (built with `refusal`). The returned function gives the unit back, once however often called.
   */
  take(quota: HeldQuota, principal: string, max: number, refuse: () => AppError): () => void {
    const counts = this.held.get(quota)!;
    const now = counts.get(principal) ?? 0;
    if (now >= max) throw refuse();
    counts.set(principal, now + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (counts.get(principal) ?? 1) - 1;
      if (left > 0) counts.set(principal, left);
      else counts.delete(principal);
    };
  }
}
