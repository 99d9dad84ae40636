import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { AppDeps } from '../deps.ts';

/**
 * Seconds from a failed attempt to the next: the first retry after 5 s, the last one about 3 h
 * 47 min after the act (more than the hour docs/rest-api.md "Webhooks" promises); then the
 * delivery is failed and listed so.
 */
export const RETRY_AFTER_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200] as const;

/** Seconds a claimed delivery stays away from the other workers beyond the request's timeout. */
const LEASE_MARGIN_SECONDS = 30;

/** Characters of an error kept with an attempt. */
const ERROR_CHARS = 300;

export type ClaimedDelivery = {
  id: number;
  webhookId: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
};

/** Due deliveries looked at per delivery taken: room to pass over those of busy webhooks. */
const CANDIDATES_PER_SLOT = 8;

/**
 * Takes up to `limit` due deliveries for this process: FOR UPDATE SKIP LOCKED so several
 * processes on one PostgreSQL never take the same row, and `next_attempt_at` moved past the
 * request (a lease): a process that dies while sending leaves the row to be taken again then.
 * At most one per webhook, none of a webhook in `busy` (being sent to by this process): a
 * receiver that hangs holds one send slot of a process, not all of them, and the other
 * receivers still get their deliveries at once.
 */
export async function claimDueDeliveries(
  deps: AppDeps,
  limit: number,
  busy: readonly string[] = [],
): Promise<ClaimedDelivery[]> {
  const lease = Math.ceil(deps.config.WEBHOOK_TIMEOUT_MS / 1000) + LEASE_MARGIN_SECONDS;
  const rows = (await deps.db.execute(sql`
    with candidates as (
      select id, webhook_id, next_attempt_at from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now()
        and webhook_id <> all (string_to_array(${busy.join(',')}, ',')::uuid[])
      order by next_attempt_at, id
      limit ${limit * CANDIDATES_PER_SLOT}
      for update skip locked
    ), picked as (
      select distinct on (webhook_id) id, next_attempt_at from candidates
      order by webhook_id, next_attempt_at, id
    ), due as (
      select id from picked order by next_attempt_at, id limit ${limit}
    )
    update webhook_deliveries d
    set next_attempt_at = now() + make_interval(secs => ${lease}), attempts = d.attempts + 1
    from due, webhooks w
    where d.id = due.id and w.id = d.webhook_id
    returning d.id, d.webhook_id as "webhookId", d.payload, d.attempts, w.url, w.secret`)) as unknown as (Omit<
    ClaimedDelivery,
    'id'
  > & {
    id: string | number;
  })[];
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export type AttemptOutcome = { statusCode: number | null; error: string | null; durationMs: number };

/**
 * One attempt: a JSON POST signed as Standard Webhooks says (webhook-id stays the same across
 * retries, so a receiver can drop a repeat). Never throws; a timeout or a refused connection is
 * an outcome without a status.
 */
export async function sendDelivery(
  delivery: ClaimedDelivery,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<AttemptOutcome> {
  const body = JSON.stringify(delivery.payload);
  const id = `msg_${delivery.id}`;
  const at = new Date();
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const signature = new Webhook(delivery.secret).sign(id, at, body);
    const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
    const response = await fetch(delivery.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.any(signals),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'feeddesk-webhooks',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
    await response.body?.cancel().catch(() => {});
    return { statusCode: response.status, error: null, durationMs: took() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    const message = timedOut
      ? `No answer within ${options.timeoutMs} ms.`
      : (cause ?? (error instanceof Error ? error.message : String(error)));
    return { statusCode: null, error: message.slice(0, ERROR_CHARS), durationMs: took() };
  }
}

/** Records an attempt and what follows: delivered on a 2xx, else the next retry or, past the last, failed. */
export async function recordAttempt(
  deps: AppDeps,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
): Promise<void> {
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const wait = RETRY_AFTER_SECONDS[delivery.attempts - 1];
  const status = ok ? 'delivered' : wait === undefined ? 'failed' : 'pending';
  deps.metrics.webhookAttempts.inc({
    outcome: ok ? 'delivered' : outcome.statusCode === null ? 'failed' : 'refused',
  });
  await deps.db.execute(sql`
    with attempt as (
      insert into webhook_attempts (delivery_id, at, status_code, error, duration_ms)
      values (${delivery.id}, now(), ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs})
    )
    update webhook_deliveries
    set status = ${status},
      next_attempt_at = case when ${status} = 'pending' then now() + make_interval(secs => ${wait ?? 0}) end
    where id = ${delivery.id}`);
}

/** Gives a delivery whose request this process gave up on (it is stopping) back to every worker, now. */
export async function releaseDelivery(deps: AppDeps, delivery: ClaimedDelivery): Promise<void> {
  await deps.db.execute(sql`
    update webhook_deliveries set next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
    where id = ${delivery.id} and status = 'pending'`);
}

/** Days a delivered or failed delivery stays in the log. */
export const DELIVERIES_KEPT_DAYS = 7;

/** Forgets deliveries done more than DELIVERIES_KEPT_DAYS ago (their attempts go with them). */
export async function pruneDeliveries(deps: AppDeps): Promise<void> {
  await deps.db.execute(sql`
    delete from webhook_deliveries
    where status <> 'pending' and created_at < now() - make_interval(days => ${DELIVERIES_KEPT_DAYS})`);
}
